import type { MouseEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  CONTENT_IMAGE_SIZES,
  inquiryHref,
  projectPath,
  uploadUrl,
  type ProjectImage,
  type PublicProject,
} from '@blog/contracts';
import { trpc, useSiteIdentity, type PagePrefetch } from '@blog/web/data';
import { openPhoto, PostGrid, RICH_TEXT_CLASS, RichText, UploadedPicture } from '@blog/web/ui';
import { PostComments, prefetchPostComments } from '../comments/post-comments';
import { JsonLd } from '../head/json-ld';
import { PageBreadcrumb } from '../head/page-breadcrumb';
import { PageHead } from '../head/page-head';
import { useSiteOrigin } from '../head/site-origin';
import { creativeWorkStructuredData } from '../head/structured-data';
import { PublicLayout } from '../layout/public-layout';
import { NotFoundPage } from '../pages/not-found-page';
import { isMissing, QueryStatus } from '../pages/query-status';
import { MovedPermanently } from '../routing/response-status';
import { featuredFirst } from './featured-first';
import { portfolioHref } from './portfolio-links';
import { projectYears } from './project-years';
import { StackTags } from './stack-tags';
import { TestimonialQuote } from './testimonial-quote';
import { langInput, useLocalPath, usePageLanguage, useReadLanguage, useT } from '../i18n/language-context';
import { LanguageSwitcher } from '../i18n/language-switcher';
import { useWorkLanguages } from '../i18n/site-languages';
import './portfolio.css';

/** The size the case study shows its cover at (8:5, as a post's thumbnail: the space is kept before it loads). */
const COVER_SIZE = { width: 1200, height: 750 };
/** A gallery photo's box in the grid. */
const GALLERY_THUMBNAIL = { width: 400, height: 300 };

/** The case study's sections, each shown under its heading (of the catalogue) when the owner wrote it. */
const SECTIONS = ['problem', 'approach', 'outcome'] as const;

/** The project's head tags, structured data and breadcrumb. */
function ProjectHeading({ project }: { project: PublicProject }) {
  const origin = useSiteOrigin();
  const site = useSiteIdentity();
  const t = useT();
  const local = useLocalPath();
  const path = projectPath(project.slug);
  const description = project.meta_description || project.summary || undefined;
  const cover = uploadUrl(project.cover);
  const languages = useWorkLanguages(project);
  return (
    <>
      <PageHead
        title={project.meta_title || project.title}
        description={description}
        keywords={project.stack.join(', ')}
        path={path}
        translations={project.translations}
        image={cover ? { src: cover, alt: project.cover_alt || project.title } : undefined}
        portfolioFeed
      />
      <JsonLd
        data={creativeWorkStructuredData(origin, site, {
          path: local(path),
          name: project.title,
          description: description ?? site.site_description,
          dateCreated: String(project.year_from),
          dateModified: project.updated_at,
          keywords: project.stack,
          client: { name: project.client_name, url: project.client_url },
          image: cover ? `${origin}${cover}` : undefined,
          languages,
        })}
      />
      <PageBreadcrumb
        steps={[
          { label: t('layout.home'), to: '/' },
          { label: t('portfolio.title'), to: portfolioHref() },
          { label: project.title, to: path },
        ]}
      />
    </>
  );
}

/** Client, year, role, team, stack and links: what a reviewer looks for first. */
function FactsBox({ project }: { project: PublicProject }) {
  const t = useT();
  return (
    <dl className="project-facts">
      {project.client_name && (
        <div>
          <dt>{t('portfolio.client')}</dt>
          <dd>
            {project.client_url ? (
              <a href={project.client_url} rel="noopener">
                {project.client_name}
              </a>
            ) : (
              project.client_name
            )}
          </dd>
        </div>
      )}
      <div>
        <dt>
          {project.year_to !== null && project.year_to !== project.year_from
            ? t('portfolio.period')
            : t('portfolio.year')}
        </dt>
        <dd>{projectYears(project)}</dd>
      </div>
      {project.role && (
        <div>
          <dt>{t('portfolio.role')}</dt>
          <dd>{project.role}</dd>
        </div>
      )}
      {project.team_size !== null && (
        <div>
          <dt>{t('portfolio.team')}</dt>
          <dd>{project.team_size === 1 ? t('portfolio.solo') : t('portfolio.people', { count: project.team_size })}</dd>
        </div>
      )}
      {project.stack.length > 0 && (
        <div>
          <dt>{t('portfolio.stack')}</dt>
          <dd>
            <StackTags stack={project.stack} label={t('portfolio.stack')} />
          </dd>
        </div>
      )}
      {(project.live_url || project.source_url) && (
        <div>
          <dt>{t('portfolio.links')}</dt>
          <dd className="project-facts__links">
            {project.live_url && (
              <a href={project.live_url} rel="noopener">
                {t('portfolio.liveSite')}
              </a>
            )}
            {project.source_url && (
              <a href={project.source_url} rel="noopener">
                {t('portfolio.sourceCode')}
              </a>
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The results as figures: each label with its value, large, read at a glance. */
function Results({ project }: { project: PublicProject }) {
  const t = useT();
  if (project.results.length === 0) return null;
  return (
    <section className="project-section" aria-labelledby="project-results">
      <h2 id="project-results">{t('portfolio.results')}</h2>
      <dl className="project-results">
        {project.results.map((result) => (
          <div key={result.label} className="project-result">
            <dt>{result.label}</dt>
            <dd>{result.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A plain left click on a photo opens the site's lightbox; without JavaScript the link shows the photo. */
function onGalleryClick(event: MouseEvent<HTMLElement>): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  openPhoto(event);
}

/** The gallery, marked up as the editor's gallery block, so the rich text's lightbox opens it. */
function Gallery({ images, title }: { images: readonly ProjectImage[]; title: string }) {
  const t = useT();
  if (images.length === 0) return null;
  return (
    <section className="project-section" aria-labelledby="project-gallery">
      <h2 id="project-gallery">{t('portfolio.gallery')}</h2>
      {/* The clicks handled are the photos' links' (the keyboard's Enter on a link is a click). */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div className={RICH_TEXT_CLASS} onClick={onGalleryClick}>
        <div className="gallery">
          {images.map((image) => (
            <figure key={image.image} className="gallery-item">
              <a href={uploadUrl(image.image) ?? undefined}>
                <UploadedPicture
                  fileName={image.image}
                  naturalWidth={null}
                  sizes={CONTENT_IMAGE_SIZES}
                  alt={image.alt || t('portfolio.aScreen', { title })}
                  {...GALLERY_THUMBNAIL}
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}

/** The words of the client the project was for (the first shown testimonial about it). */
function ProjectTestimonial({ projectId }: { projectId: number }) {
  const testimonials = trpc.testimonials.list.useQuery(langInput(useReadLanguage()));
  const about = testimonials.data?.find((testimonial) => testimonial.project_id === projectId);
  const t = useT();
  if (!about) return null;
  return (
    <section className="project-section" aria-labelledby="project-testimonial">
      <h2 id="project-testimonial">{t('portfolio.clientSays')}</h2>
      <TestimonialQuote testimonial={about} />
    </section>
  );
}

/** The posts the owner linked to the project (those still visible). */
function ProjectRelatedPosts({ ids }: { ids: number[] }) {
  const posts = trpc.posts.byIds.useQuery({ ids }, { enabled: ids.length > 0 });
  const t = useT();
  if (!posts.data?.length) return null;
  return (
    <section className="related-posts" aria-labelledby="related-posts-title">
      <h2 id="related-posts-title">{t('portfolio.relatedPosts')}</h2>
      <PostGrid posts={posts.data} columns={3} titleAs="h3" />
    </section>
  );
}

/** The next project in the portfolio's order (the first after the last). */
function NextProject({ slug }: { slug: string }) {
  const projects = trpc.projects.cards.useQuery({ lang: useReadLanguage() });
  const ordered = featuredFirst(projects.data ?? []);
  const at = ordered.findIndex((project) => project.slug === slug);
  const next = ordered.length > 1 && at >= 0 ? ordered[(at + 1) % ordered.length] : undefined;
  const t = useT();
  const local = useLocalPath();
  if (!next) return null;
  return (
    <nav className="project-next" aria-label={t('portfolio.nextProject')}>
      <span>{t('portfolio.nextProject')}</span> <Link to={local(projectPath(next.slug))}>{next.title}</Link>
    </nav>
  );
}

/** The case study itself: cover, title, facts, sections, results, gallery, testimonial, and the call to action. */
function CaseStudy({ project }: { project: PublicProject }) {
  const t = useT();
  const local = useLocalPath();
  const path = local(projectPath(project.slug));
  const { language } = usePageLanguage();
  return (
    // A project shown on a page of another language says its own.
    <article className="project" lang={project.language !== language ? project.language : undefined}>
      {project.cover && (
        // The page's largest paint: fetched early, never lazily.
        <UploadedPicture
          className="project__cover"
          fileName={project.cover}
          naturalWidth={null}
          sizes={CONTENT_IMAGE_SIZES}
          alt={project.cover_alt}
          {...COVER_SIZE}
          fetchPriority="high"
        />
      )}
      <h1 className="project__title">{project.title}</h1>
      {project.summary && <p className="project__summary">{project.summary}</p>}
      <FactsBox project={project} />
      {SECTIONS.map(
        (field) =>
          project[field] && (
            <section key={field} className="project-section" aria-labelledby={`project-${field}`}>
              <h2 id={`project-${field}`}>{t(`portfolio.${field}`)}</h2>
              <RichText html={project[field]} />
            </section>
          ),
      )}
      <Results project={project} />
      <Gallery images={project.gallery} title={project.title} />
      <ProjectTestimonial projectId={project.id} />
      <p className="project-cta">
        <Link className="ui-button" to={local(inquiryHref('project', project.slug, path))}>
          {t('portfolio.cta')}
        </Link>
      </p>
    </article>
  );
}

/** An unknown slug may be a project's old one: its new address, else NotFound. */
function MissingProject({ slug }: { slug: string }) {
  const moved = trpc.projects.redirect.useQuery({ slug, lang: useReadLanguage() });
  const t = useT();
  // Its address now, in its language (another one when the project changed language).
  if (moved.data) return <MovedPermanently to={moved.data.path} />;
  if (moved.isPending) return <QueryStatus query={moved} what={t('status.thisProject')} />;
  return <NotFoundPage />;
}

export const prefetchProjectPage: PagePrefetch = (utils, { params, search, lang }) => [
  utils.projects.bySlug.prefetch({ slug: params['slug'] ?? '', lang }),
  ...prefetchPostComments(utils, { kind: 'project', slug: params['slug'] ?? '' }, search, lang),
  utils.projects.cards.prefetch({ lang }),
  utils.testimonials.list.prefetch(langInput(lang)),
];

/**
 * `/portfolio/{slug}` (`/vi/portfolio/{slug}`): a project of the page's language as a case study; a
 * hidden, draft or unknown one (or one written in another language only) is NotFound.
 */
export function ProjectPage() {
  const { slug = '' } = useParams();
  const project = trpc.projects.bySlug.useQuery({ slug, lang: useReadLanguage() });
  const t = useT();
  if (isMissing(project)) return <MissingProject slug={slug} />;
  return (
    <PublicLayout>
      <div className="container page-section">
        {project.data ? (
          <>
            <ProjectHeading project={project.data} />
            <LanguageSwitcher translations={project.data.translations} />
            <CaseStudy project={project.data} />
            <PostComments subject={{ kind: 'project', id: project.data.id, slug: project.data.slug }} />
            <ProjectRelatedPosts ids={project.data.related_post_ids} />
            <NextProject slug={project.data.slug} />
          </>
        ) : (
          <QueryStatus query={project} what={t('status.thisProject')} />
        )}
      </div>
    </PublicLayout>
  );
}
