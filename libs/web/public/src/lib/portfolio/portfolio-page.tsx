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
import type { Translate } from '../i18n/i18n';
import { langInput, useLocalPath, useReadLanguage, useT } from '../i18n/language-context';
import { LanguageSwitcher } from '../i18n/language-switcher';
import { usePathTranslations } from '../i18n/site-languages';
import './portfolio.css';

export const prefetchPortfolioPage: PagePrefetch = (utils, { search, lang }) => {
  const filter = portfolioFilterOf(search);
  return [
    // The whole list gives the stack filter its tags; the filtered one the cards.
    utils.projects.cards.prefetch({ lang }),
    utils.projects.cards.prefetch({ ...filter, lang }),
    utils.services.list.prefetch(langInput(lang)),
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
function filterTitle(
  t: Translate,
  filter: PortfolioFilter,
  services: readonly PublicService[] | undefined,
): string | null {
  const service = filter.service && (services?.find(({ slug }) => slug === filter.service)?.name ?? filter.service);
  const parts = [
    filter.stack && t('portfolio.builtWith', { stack: filter.stack }),
    service && t('portfolio.forService', { service }),
  ].filter(Boolean);
  return parts.length > 0 ? t('portfolio.filtered', { parts: parts.join(t('portfolio.and')) }) : null;
}

/**
 * `/portfolio`: the projects as cards, featured first; filtered by stack or service through links
 * (`?stack=react`, `?service=<slug>`), so a filtered list works without JavaScript and can be shared.
 */
export function PortfolioPage() {
  const [params] = useSearchParams();
  const filter = portfolioFilterOf(params);
  const lang = useReadLanguage();
  const all = trpc.projects.cards.useQuery({ lang });
  const shown = trpc.projects.cards.useQuery({ ...filter, lang });
  const services = trpc.services.list.useQuery(langInput(lang));
  const t = useT();
  const local = useLocalPath();
  const title = filterTitle(t, filter, services.data);
  // A service's slug is its language's own: filtered by one, the list has no equivalent page in another
  // language (no hreflang), and the switcher leads to that language's list by the stack alone.
  const translations = usePathTranslations(portfolioHref({ stack: filter.stack }));
  const equivalents = filter.service ? [] : translations;
  return (
    <PublicLayout>
      <PageHead
        title={title ? t('portfolio.titleFiltered', { title }) : t('portfolio.title')}
        description={t('portfolio.description')}
        path={portfolioHref(filter)}
        translations={equivalents}
        portfolioFeed
      />
      <Banner image={bannerImage}>
        <h1>{t('portfolio.title')}</h1>
      </Banner>
      <div className="container page-section">
        <PageBreadcrumb
          steps={[
            { label: t('layout.home'), to: '/' },
            { label: t('portfolio.title'), to: portfolioHref() },
          ]}
        />
        <LanguageSwitcher translations={translations} />
        <nav className="portfolio-filters" aria-label={t('portfolio.filters')}>
          <FilterLinks
            label={t('portfolio.stack')}
            current={filter.stack}
            choices={stackTagsOf(all.data ?? []).map((tag) => ({
              value: tag,
              name: tag,
              href: local(portfolioHref({ ...filter, stack: tag })),
            }))}
          />
          <FilterLinks
            label={t('portfolio.service')}
            current={filter.service}
            choices={(services.data ?? []).map((service) => ({
              value: service.slug,
              name: service.name,
              href: local(portfolioHref({ ...filter, service: service.slug })),
            }))}
          />
        </nav>
        {title && (
          <p className="portfolio-current" role="status">
            <span>{title}</span> <Link to={local(portfolioHref())}>{t('portfolio.showAll')}</Link>
          </p>
        )}
        {/* A filter the API refuses (`?stack=` of 300 letters) matches nothing, as an unknown one does. */}
        {isMissing(shown) ? <NoMatch /> : <QueryStatus query={shown} what={t('status.projects')} />}
        {shown.data && (shown.data.length > 0 ? <ProjectGrid projects={featuredFirst(shown.data)} /> : <NoMatch />)}
        <PortfolioCallToAction />
      </div>
    </PublicLayout>
  );
}

/** A filter that matches no project (an unknown tag or service). */
function NoMatch() {
  return <p className="page-message">{useT()('portfolio.noMatch')}</p>;
}

/** The portfolio's closing call: whether the owner takes work, and the way to write to her. */
function PortfolioCallToAction() {
  const t = useT();
  const local = useLocalPath();
  return (
    <section className="portfolio-cta" aria-labelledby="portfolio-cta-title">
      <h2 id="portfolio-cta-title">{t('portfolio.haveAProject')}</h2>
      <AvailabilityLine className="availability" />
      <p>
        <Link className="ui-button" to={local(SITE_ROUTES.pages.contact)}>
          {t('portfolio.getInTouch')}
        </Link>
      </p>
    </section>
  );
}
