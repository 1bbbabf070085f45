import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import {
  LANGUAGES,
  PREVIEW_PATH_PREFIX,
  SITE_IDENTITY_DEFAULTS,
  type CategoryLink,
  type ContactFormState,
  type GeneralInfo,
  type PostCard,
  type PostComments,
  type PostDetail,
  type PostLink,
  type PublicProject,
  type PublicService,
  type PublicTestimonial,
  type SiteTags,
} from '@blog/contracts';
import { DataProvider } from '@blog/web/data';
import { memoryLink, type MemoryAnswer } from '@blog/web/data/testing';
import { ContactFormStateContext } from '../lib/contact/contact-form';
import { AboutPage } from '../lib/pages/about-page';
import { CategoryPage } from '../lib/pages/category-page';
import { ContactPage } from '../lib/pages/contact-page';
import { HomePage } from '../lib/pages/home-page';
import { NotFoundPage } from '../lib/pages/not-found-page';
import { PostPage } from '../lib/pages/post-page';
import { PostsPage } from '../lib/pages/posts-page';
import { PreviewPage } from '../lib/pages/preview-page';
import { SearchPage } from '../lib/pages/search-page';
import { PortfolioPage } from '../lib/portfolio/portfolio-page';
import { ProjectPage } from '../lib/portfolio/project-page';
import { ServicesPage } from '../lib/services/services-page';
import { LanguageRoute } from '../lib/routing/language-route';

/** Test data shaped as the API answers it. */
export const fixtures = {
  categories: [
    { slug: 'tieng-anh', name: 'Tiếng Anh' },
    { slug: 'story', name: 'Story' },
    { slug: 'poem', name: 'Poem' },
    { slug: 'seo', name: 'SEO' },
    { slug: 'computing-tips', name: 'Computing Tips' },
    { slug: 'wordpress', name: 'WordPress' },
  ] satisfies CategoryLink[],
  generalInfo: {
    id: 1,
    logo_1: 'logo-1.png',
    logo_2: 'logo-2.png',
    favicon: 'favicon.png',
    logo_1_url: '/uploads/logo-1.png',
    logo_2_url: '/uploads/logo-2.png',
    favicon_url: '/uploads/favicon.png',
    email: 'phuong@example.com',
    phone: '+84 912 345 678',
    address: '112 Lý Chính Thắng, Quận 3',
    facebook_url: 'https://www.facebook.com/phuong.blog',
    instagram_url: null,
    linkedin_url: null,
    youtube_url: 'https://www.youtube.com/@phuong',
    zalo_url: 'https://zalo.me/0912345678',
    tiktok_url: null,
    ...SITE_IDENTITY_DEFAULTS,
    hero_image: null,
    hero_image_url: null,
    hero_image_width: null,
    hero_image_height: null,
    availability: 'available',
    booked_until: null,
    availability_note: '',
    sender_name: '',
    sender_address: '',
    comments_enabled: true,
    comments_close_after_days: 0,
    // A site in one language: its pages have no language switcher and no hreflang.
    default_language: 'en',
    languages: ['en'],
    version: 1,
  } satisfies GeneralInfo,
  noTags: { gtm_id: null, ads_conversion_id: null, stats: false } satisfies SiteTags,
  recent: [
    { id: 1, slug: 'post-1', title: 'Post 1' },
    { id: 2, slug: 'post-2', title: 'Post 2' },
  ] satisfies PostLink[],
  card(id: number, overrides: Partial<PostCard> = {}): PostCard {
    return {
      id,
      slug: `post-${id}`,
      title: `Post ${id}`,
      thumbnail: `post-${id}.jpg`,
      thumbnail_width: null,
      thumbnail_height: null,
      imageAlt: `Post ${id}`,
      reading_minutes: 4,
      updated_at: '2025-01-05T03:00:00.000Z',
      category_slug: 'story',
      category_name: 'Story',
      short_content: `<p>Excerpt ${id}</p>`,
      color: null,
      price: null,
      comment_count: 0,
      language: 'en',
      ...overrides,
    };
  },
  detail(overrides: Partial<PostDetail> = {}): PostDetail {
    return {
      id: 9,
      slug: 'ha-giang-loop',
      title: 'Hà Giang loop',
      content: '<p>I left Hà Nội on a night bus.</p>',
      thumbnail: 'ha-giang.jpg',
      thumbnail_width: 1200,
      thumbnail_height: 750,
      thumbnail_alt: 'Rice terraces in Hoàng Su Phì at harvest',
      reading_minutes: 6,
      created_at: '2025-01-02T03:00:00.000Z',
      published_at: '2025-01-02T03:00:00.000Z',
      updated_at: '2025-01-05T03:00:00.000Z',
      category_slug: 'story',
      category_name: 'Story',
      meta_title: 'Hà Giang in buckwheat season',
      meta_description: 'Four days on the Hà Giang loop.',
      meta_keywords: 'Hà Giang, travel',
      language: 'en',
      translations: [],
      ...overrides,
    };
  },
  project(id: number, overrides: Partial<PublicProject> = {}): PublicProject {
    return {
      id,
      title: `Project ${id}`,
      slug: `project-${id}`,
      client_name: `Client ${id}`,
      client_url: null,
      year_from: 2024,
      year_to: null,
      role: 'Developer',
      team_size: null,
      stack: ['react'],
      live_url: null,
      source_url: null,
      summary: `Summary ${id}`,
      cover: null,
      cover_alt: '',
      gallery: [],
      problem: '',
      approach: '',
      outcome: '',
      results: [],
      related_post_ids: [],
      service_ids: [],
      featured: false,
      sort_order: 0,
      meta_title: '',
      meta_description: '',
      comments_open: true,
      published_at: '2025-01-02T03:00:00.000Z',
      language: 'en',
      translations: [],
      created_at: '2025-01-02T03:00:00.000Z',
      updated_at: '2025-01-05T03:00:00.000Z',
      ...overrides,
    };
  },
  service(id: number, overrides: Partial<PublicService> = {}): PublicService {
    return {
      id,
      name: `Service ${id}`,
      slug: `service-${id}`,
      summary: `What service ${id} is`,
      deliverables: [],
      duration: '',
      price_vnd: null,
      price_usd: null,
      cover: null,
      position: id,
      language: 'en',
      updated_at: '2025-01-05T03:00:00.000Z',
      ...overrides,
    };
  },
  testimonial(id: number, overrides: Partial<PublicTestimonial> = {}): PublicTestimonial {
    return {
      id,
      name: `Person ${id}`,
      role: 'Owner',
      company: `Company ${id}`,
      photo: null,
      quote: `Quote ${id}`,
      project_id: null,
      source_url: null,
      position: id,
      language: 'en',
      ...overrides,
    };
  },
};

/** A post's thread with no comments yet, open. */
export const NO_COMMENTS: PostComments = {
  comments: [],
  count: 0,
  open: true,
  closed_reason: null,
  rendered_at: 'stamp',
};

/** What the layout asks on every page. */
export const layoutAnswers: Record<string, MemoryAnswer> = {
  'categories.links': () => fixtures.categories,
  'siteInfo.list': () => [fixtures.generalInfo],
  'siteInfo.tags': () => fixtures.noTags,
  'posts.recent': () => fixtures.recent,
};

const PAGES = [
  { path: '/', element: <HomePage /> },
  { path: '/posts', element: <PostsPage /> },
  { path: '/category/:slug', element: <CategoryPage /> },
  { path: '/search', element: <SearchPage /> },
  { path: '/about', element: <AboutPage /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/portfolio', element: <PortfolioPage /> },
  { path: '/portfolio/:slug', element: <ProjectPage /> },
  { path: '/services', element: <ServicesPage /> },
  { path: '/:slug', element: <PostPage /> },
];

/** The app's public routes, unprefixed and under each language's prefix (apps/web declares the same). */
export function PublicRoutesForTest() {
  return (
    <Routes>
      {PAGES.map(({ path, element }) => (
        <Route key={path} path={path} element={<LanguageRoute>{element}</LanguageRoute>} />
      ))}
      {LANGUAGES.flatMap((language) =>
        PAGES.map(({ path, element }) => (
          <Route
            key={`${language}${path}`}
            path={path === '/' ? `/${language}` : `/${language}${path}`}
            element={<LanguageRoute language={language}>{element}</LanguageRoute>}
          />
        )),
      )}
      <Route
        path={`${PREVIEW_PATH_PREFIX}:token`}
        element={
          <LanguageRoute>
            <PreviewPage />
          </LanguageRoute>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export interface RenderPageOptions {
  /** Answers by procedure path, over the layout's defaults. */
  answers?: Record<string, MemoryAnswer>;
  /** What to render inside the router; the public routes by default. */
  ui?: ReactElement;
  /** A contact form the server sent back refused, which the page renders with. */
  contactForm?: ContactFormState;
  /**
   * Rendered as the server does (`renderToString`), given to `beforeHydrate` (the visitor acting
   * before the script runs), then hydrated: the page as a browser gets it.
   */
  hydrate?: { beforeHydrate?: (container: HTMLElement) => void };
}

/** Renders `path` with the API answered from memory; `location()` is where the router is now. */
export function renderPage(
  path: string,
  { answers = {}, ui = <PublicRoutesForTest />, contactForm, hydrate }: RenderPageOptions = {},
) {
  // A post page also asks for its related posts, the search page for projects: none unless a test gives some.
  const { link, calls } = memoryLink({
    ...layoutAnswers,
    'posts.related': () => [],
    'projects.search': () => [],
    'subscriptions.topics': () => [],
    'comments.list': () => NO_COMMENTS,
    ...answers,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  let current: Location | undefined;
  function LocationProbe() {
    current = useLocation();
    return null;
  }
  const page = (
    <ContactFormStateContext value={contactForm ?? null}>
      <DataProvider links={[link]} queryClient={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </DataProvider>
    </ContactFormStateContext>
  );
  let container: HTMLElement | undefined;
  if (hydrate) {
    container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(page);
    hydrate.beforeHydrate?.(container);
  }
  const result = render(page, { container, hydrate: Boolean(hydrate) });
  return {
    ...result,
    calls,
    queryClient,
    /** The calls of one procedure, in order. */
    callsTo: (procedure: string) => calls.filter((call) => call.path === procedure),
    location: () => current as Location,
  };
}
