import type { ReactElement } from 'react';
import { useParams } from 'react-router-dom';
import { isLanguage, LANGUAGES, POST_ROUTE, SITE_ROUTES, type Language } from '@blog/contracts';
import type { PagePrefetch } from '@blog/web/data';
import {
  AboutPage,
  CategoryPage,
  ContactPage,
  HomePage,
  LanguageRoute,
  PortfolioPage,
  PostPage,
  PostsPage,
  PreviewPage,
  prefetchAboutPage,
  prefetchCategoryPage,
  prefetchHomePage,
  prefetchPortfolioPage,
  prefetchPostPage,
  prefetchPostsPage,
  prefetchPreviewPage,
  prefetchProjectPage,
  prefetchSearchPage,
  prefetchServicesPage,
  ProjectPage,
  SearchPage,
  ServicesPage,
  SubscribeConfirmPage,
  SubscribePreferencesPage,
  SubscribePage,
  prefetchSubscribePage,
} from '@blog/web/public';

export interface PublicRoute {
  path: string;
  element: ReactElement;
  /** What the server fetches before rendering the page (besides the layout's own reads). */
  prefetch?: PagePrefetch;
  /** The language of a page under `/{code}`; none for the unprefixed pages (the site's default language). */
  language?: Language;
}

const pages = SITE_ROUTES.pages;

/** The pages a language has under its prefix: all but the preview (a link the author shares, in its own address). */
const hasLanguagePrefix = (route: PublicRoute) => route.path !== pages.preview;

/**
 * The public pages, rendered by the server and hydrated in the browser, at the paths of the site's
 * one list of routes. Static paths win over `/:slug` in React Router's ranking, so these never reach
 * the post page.
 */
const PAGES: PublicRoute[] = [
  { path: pages.home, element: <HomePage />, prefetch: prefetchHomePage },
  { path: pages.posts, element: <PostsPage />, prefetch: prefetchPostsPage },
  { path: pages.category, element: <CategoryPage />, prefetch: prefetchCategoryPage },
  { path: pages.search, element: <SearchPage />, prefetch: prefetchSearchPage },
  { path: pages.about, element: <AboutPage />, prefetch: prefetchAboutPage },
  { path: pages.contact, element: <ContactPage /> },
  { path: pages.portfolio, element: <PortfolioPage />, prefetch: prefetchPortfolioPage },
  { path: pages.project, element: <ProjectPage />, prefetch: prefetchProjectPage },
  { path: pages.services, element: <ServicesPage />, prefetch: prefetchServicesPage },
  { path: pages.subscribe, element: <SubscribePage />, prefetch: prefetchSubscribePage },
  { path: pages.subscribeConfirm, element: <SubscribeConfirmPage /> },
  { path: pages.subscribePreferences, element: <SubscribePreferencesPage /> },
  { path: pages.preview, element: <PreviewPage />, prefetch: prefetchPreviewPage },
  { path: POST_ROUTE, element: <PostPage />, prefetch: prefetchPostPage },
];

/**
 * `/{slug}`, where a language's code is that language's home (`/vi`; no post may take the slug): the
 * router ranks `/:slug` above the language routes' catch-all.
 */
function PostOrLanguageHome() {
  const { slug = '' } = useParams();
  if (isLanguage(slug)) {
    return (
      <LanguageRoute language={slug}>
        <HomePage />
      </LanguageRoute>
    );
  }
  return (
    <LanguageRoute>
      <PostPage />
    </LanguageRoute>
  );
}

/** Every page unprefixed, in the site's default language (at the paths of `SITE_ROUTES`). */
export const PUBLIC_ROUTES: PublicRoute[] = PAGES.map((route) => ({
  ...route,
  element: route.path === POST_ROUTE ? <PostOrLanguageHome /> : <LanguageRoute>{route.element}</LanguageRoute>,
}));

/**
 * Every page but the preview under `/{code}` for each language (`/vi`, `/vi/posts`, `/vi/{slug}`):
 * `LanguageRoute` answers 301 for the default language's prefix and NotFound for a language the site
 * does not run.
 */
export const LANGUAGE_ROUTES: PublicRoute[] = LANGUAGES.flatMap((language) =>
  PAGES.filter(hasLanguagePrefix).map((route) => ({
    ...route,
    path: route.path === '/' ? `/${language}` : `/${language}${route.path}`,
    language,
    element: <LanguageRoute language={language}>{route.element}</LanguageRoute>,
  })),
);
