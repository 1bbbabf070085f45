import { prefetchSubscribeForm } from '../subscribe/subscribe-form';
import { Link } from 'react-router-dom';
import { trpc, useSiteIdentity, type PagePrefetch } from '@blog/web/data';
import { PostGrid } from '@blog/web/ui';
import { ContactForm } from '../contact/contact-form';
import { SubscribeForm } from '../subscribe/subscribe-form';
import { JsonLd } from '../head/json-ld';
import { PageHead } from '../head/page-head';
import { useSiteOrigin } from '../head/site-origin';
import { websiteStructuredData } from '../head/structured-data';
import { PublicLayout } from '../layout/public-layout';
import { portfolioHref } from '../portfolio/portfolio-links';
import { ProjectGrid } from '../portfolio/project-card';
import { TestimonialQuote } from '../portfolio/testimonial-quote';
import { HOME_TILES } from '../site';
import { ConversionEvent } from '../tags/marketing-tags';
import { langInput, useLocalPath, useReadLanguage, useT } from '../i18n/language-context';
import { LanguageSwitcher } from '../i18n/language-switcher';
import { usePathTranslations } from '../i18n/site-languages';
import { QueryStatus } from './query-status';
import './pages.css';

/**
 * The three category tiles, with the names and descriptions the owner gave the categories; on a page
 * in another language than the site's default, those of its categories only (the links the layout reads).
 */
function CategoryTiles() {
  const categories = trpc.categories.list.useQuery();
  const lang = useReadLanguage();
  const inLanguage = trpc.categories.links.useQuery(langInput(lang));
  const t = useT();
  const local = useLocalPath();
  const tiles = HOME_TILES.filter((tile) => !lang || inLanguage.data?.some((category) => category.slug === tile.slug));
  if (tiles.length === 0) return null;
  return (
    <section className="container page-section" aria-labelledby="home-topics">
      <h2 id="home-topics">{t('home.topics')}</h2>
      <ul className="home-tiles">
        {tiles.map((tile) => {
          const category = categories.data?.find((row) => row.slug === tile.slug);
          return (
            <li key={tile.slug}>
              <Link className={`home-tile home-tile--${tile.slug}`} to={local(`/category/${tile.slug}`)}>
                <span className="home-tile__name">{category?.name ?? tile.name}</span>
                {category?.description && <span className="home-tile__blurb">{category.description}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The most featured projects the home page shows (one row). */
const SELECTED_WORK_COUNT = 3;

/**
 * Below the spec's sections: a row of the featured projects and one client's words, with the way to
 * the whole portfolio. Nothing while no project is featured.
 */
function SelectedWork() {
  const lang = useReadLanguage();
  const projects = trpc.projects.cards.useQuery({ lang });
  const testimonials = trpc.testimonials.list.useQuery(langInput(lang));
  const featured = (projects.data ?? []).filter((project) => project.featured).slice(0, SELECTED_WORK_COUNT);
  const testimonial = testimonials.data?.[0];
  const t = useT();
  const local = useLocalPath();
  if (featured.length === 0) return null;
  return (
    <section className="container page-section" aria-labelledby="home-selected-work">
      <h2 id="home-selected-work">{t('home.selectedWork')}</h2>
      <ProjectGrid projects={featured} titleAs="h3" />
      {testimonial && <TestimonialQuote testimonial={testimonial} />}
      <p className="home-selected-work__more">
        <Link className="ui-button" to={local(portfolioHref())}>
          {t('home.seeAllProjects')}
        </Link>
      </p>
    </section>
  );
}

export const prefetchHomePage: PagePrefetch = (utils, { lang }) => [
  utils.posts.home.prefetch(langInput(lang)),
  utils.categories.list.prefetch(),
  utils.projects.cards.prefetch({ lang }),
  utils.testimonials.list.prefetch(langInput(lang)),
  prefetchSubscribeForm(utils),
];

/** `/`: hero, the three category tiles, the recent posts and the contact form; then the selected work. */
export function HomePage() {
  const origin = useSiteOrigin();
  const home = trpc.posts.home.useQuery(langInput(useReadLanguage()));
  const site = useSiteIdentity();
  const t = useT();
  const local = useLocalPath();
  const translations = usePathTranslations('/');
  return (
    <PublicLayout hero>
      <PageHead title={site.site_name} path="/" translations={translations} />
      <JsonLd data={websiteStructuredData(origin, site, t)} />
      <ConversionEvent />
      <div className="container">
        <LanguageSwitcher translations={translations} />
      </div>
      <CategoryTiles />
      <section className="container page-section" aria-labelledby="home-recent">
        <h2 id="home-recent">{t('home.recentPosts')}</h2>
        <QueryStatus query={home} what={t('status.recentPosts')} />
        {home.data && (
          <>
            {home.data.posts.length > 0 ? (
              <PostGrid posts={home.data.posts} columns={4} titleAs="h3" />
            ) : (
              <p className="page-message">{t('home.noPosts')}</p>
            )}
            <p className="home-all-posts">
              <Link className="ui-button" to={local('/posts')}>
                {t('layout.allPosts')}
              </Link>
            </p>
          </>
        )}
      </section>
      <section className="home-contact" aria-labelledby="home-contact">
        <div className="container page-section">
          <h2 id="home-contact">{t('home.getInTouch')}</h2>
          <p className="home-contact__lead">{t('home.contactLead')}</p>
          <ContactForm />
        </div>
      </section>
      <div className="container">
        <SubscribeForm />
      </div>
      <SelectedWork />
    </PublicLayout>
  );
}
