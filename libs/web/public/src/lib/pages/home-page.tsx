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
import { QueryStatus } from './query-status';
import './pages.css';

/** The three category tiles, with the names and descriptions the owner gave the categories. */
function CategoryTiles() {
  const categories = trpc.categories.list.useQuery();
  return (
    <section className="container page-section" aria-labelledby="home-topics">
      <h2 id="home-topics">Topics</h2>
      <ul className="home-tiles">
        {HOME_TILES.map((tile) => {
          const category = categories.data?.find((row) => row.slug === tile.slug);
          return (
            <li key={tile.slug}>
              <Link className={`home-tile home-tile--${tile.slug}`} to={`/category/${tile.slug}`}>
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
  const projects = trpc.projects.cards.useQuery({});
  const testimonials = trpc.testimonials.list.useQuery();
  const featured = (projects.data ?? []).filter((project) => project.featured).slice(0, SELECTED_WORK_COUNT);
  const testimonial = testimonials.data?.[0];
  if (featured.length === 0) return null;
  return (
    <section className="container page-section" aria-labelledby="home-selected-work">
      <h2 id="home-selected-work">Selected work</h2>
      <ProjectGrid projects={featured} titleAs="h3" />
      {testimonial && <TestimonialQuote testimonial={testimonial} />}
      <p className="home-selected-work__more">
        <Link className="ui-button" to={portfolioHref()}>
          See all projects
        </Link>
      </p>
    </section>
  );
}

export const prefetchHomePage: PagePrefetch = (utils) => [
  utils.posts.home.prefetch(),
  utils.categories.list.prefetch(),
  utils.projects.cards.prefetch({}),
  utils.testimonials.list.prefetch(),
  prefetchSubscribeForm(utils),
];

/** `/`: hero, the three category tiles, the recent posts and the contact form; then the selected work. */
export function HomePage() {
  const origin = useSiteOrigin();
  const home = trpc.posts.home.useQuery();
  const site = useSiteIdentity();
  return (
    <PublicLayout hero>
      <PageHead title={site.site_name} path="/" />
      <JsonLd data={websiteStructuredData(origin, site)} />
      <ConversionEvent />
      <CategoryTiles />
      <section className="container page-section" aria-labelledby="home-recent">
        <h2 id="home-recent">Recent posts</h2>
        <QueryStatus query={home} what="The recent posts" />
        {home.data && (
          <>
            {home.data.posts.length > 0 ? (
              <PostGrid posts={home.data.posts} columns={4} titleAs="h3" />
            ) : (
              <p className="page-message">No posts have been published yet.</p>
            )}
            <p className="home-all-posts">
              <Link className="ui-button" to="/posts">
                All Posts
              </Link>
            </p>
          </>
        )}
      </section>
      <section className="home-contact" aria-labelledby="home-contact">
        <div className="container page-section">
          <h2 id="home-contact">Get in touch</h2>
          <p className="home-contact__lead">
            A website to build, a question about a lesson, or just hello: write to me.
          </p>
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
