import { Link, useSearchParams } from 'react-router-dom';
import { SITE_ROUTES, type PortfolioFilter, type ProjectCard, type PublicService } from '@blog/contracts';
import { trpc, type PagePrefetch } from '@blog/web/data';
import { Banner } from '@blog/web/ui';
import bannerImage from '../../assets/banner.webp';
import { PageBreadcrumb } from '../head/page-breadcrumb';
import { PageHead } from '../head/page-head';
import { AvailabilityLine } from '../layout/availability-line';
import { PublicLayout } from '../layout/public-layout';
import { isMissing, QueryStatus } from '../pages/query-status';
import { featuredFirst } from './featured-first';
import { portfolioFilterOf, portfolioHref } from './portfolio-links';
import { ProjectGrid } from './project-card';
import './portfolio.css';

export const prefetchPortfolioPage: PagePrefetch = (utils, { search }) => {
  const filter = portfolioFilterOf(search);
  return [
    // The whole list gives the stack filter its tags; the filtered one the cards.
    utils.projects.cards.prefetch({}),
    utils.projects.cards.prefetch(filter),
    utils.services.list.prefetch(),
  ];
};

/** Every stack tag the projects use, each once, most used first (then by name). */
function stackTagsOf(projects: readonly ProjectCard[]): string[] {
  const counts = new Map<string, number>();
  for (const tag of projects.flatMap((project) => project.stack)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].sort(([a, m], [b, n]) => n - m || a.localeCompare(b)).map(([tag]) => tag);
}

/** One filter's choices as links (no JavaScript needed), the current one marked. */
function FilterLinks({
  label,
  choices,
  current,
}: {
  label: string;
  choices: Array<{ value: string; name: string; href: string }>;
  current: string | undefined;
}) {
  if (choices.length === 0) return null;
  return (
    <div className="portfolio-filter">
      <span className="portfolio-filter__label">{label}</span>
      <ul>
        {choices.map((choice) => (
          <li key={choice.value}>
            <Link className="stack-tag" to={choice.href} aria-current={choice.value === current ? 'page' : undefined}>
              {choice.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the list is filtered by, in words, or null when it is not. */
function filterTitle(filter: PortfolioFilter, services: readonly PublicService[] | undefined): string | null {
  const parts = [
    filter.stack && `built with ${filter.stack}`,
    filter.service && `for ${services?.find((service) => service.slug === filter.service)?.name ?? filter.service}`,
  ].filter(Boolean);
  return parts.length > 0 ? `Projects ${parts.join(' and ')}` : null;
}

/**
 * `/portfolio`: the projects as cards, featured first; filtered by stack or service through links
 * (`?stack=react`, `?service=<slug>`), so a filtered list works without JavaScript and can be shared.
 */
export function PortfolioPage() {
  const [params] = useSearchParams();
  const filter = portfolioFilterOf(params);
  const all = trpc.projects.cards.useQuery({});
  const shown = trpc.projects.cards.useQuery(filter);
  const services = trpc.services.list.useQuery();
  const title = filterTitle(filter, services.data);
  return (
    <PublicLayout>
      <PageHead
        title={title ? `${title} · Portfolio` : 'Portfolio'}
        description="Websites and web apps I have built: the problem, the approach and the results of each."
        path={portfolioHref(filter)}
        portfolioFeed
      />
      <Banner image={bannerImage}>
        <h1>Portfolio</h1>
      </Banner>
      <div className="container page-section">
        <PageBreadcrumb
          steps={[
            { label: 'Home', to: '/' },
            { label: 'Portfolio', to: portfolioHref() },
          ]}
        />
        <nav className="portfolio-filters" aria-label="Filter projects">
          <FilterLinks
            label="Stack"
            current={filter.stack}
            choices={stackTagsOf(all.data ?? []).map((tag) => ({
              value: tag,
              name: tag,
              href: portfolioHref({ ...filter, stack: tag }),
            }))}
          />
          <FilterLinks
            label="Service"
            current={filter.service}
            choices={(services.data ?? []).map((service) => ({
              value: service.slug,
              name: service.name,
              href: portfolioHref({ ...filter, service: service.slug }),
            }))}
          />
        </nav>
        {title && (
          <p className="portfolio-current" role="status">
            <span>{title}</span> <Link to={portfolioHref()}>Show all projects</Link>
          </p>
        )}
        {/* A filter the API refuses (`?stack=` of 300 letters) matches nothing, as an unknown one does. */}
        {isMissing(shown) ? <NoMatch /> : <QueryStatus query={shown} what="The projects" />}
        {shown.data && (shown.data.length > 0 ? <ProjectGrid projects={featuredFirst(shown.data)} /> : <NoMatch />)}
        <PortfolioCallToAction />
      </div>
    </PublicLayout>
  );
}

/** A filter that matches no project (an unknown tag or service). */
function NoMatch() {
  return <p className="page-message">No project matches this filter yet.</p>;
}

/** The portfolio's closing call: whether the owner takes work, and the way to write to her. */
function PortfolioCallToAction() {
  return (
    <section className="portfolio-cta" aria-labelledby="portfolio-cta-title">
      <h2 id="portfolio-cta-title">Have a project in mind?</h2>
      <AvailabilityLine className="availability" />
      <p>
        <Link className="ui-button" to={SITE_ROUTES.pages.contact}>
          Get in touch
        </Link>
      </p>
    </section>
  );
}
