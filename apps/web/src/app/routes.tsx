import type { ReactElement } from 'react';
import { POST_ROUTE, SITE_ROUTES } from '@blog/contracts';
import type { PagePrefetch } from '@blog/web/data';
import {
  AboutPage,
  CategoryPage,
  ContactPage,
  HomePage,
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
}

const pages = SITE_ROUTES.pages;

/**
 * The public pages, rendered by the server and hydrated in the browser, at the paths of the site's
 * one list of routes. Static paths win over `/:slug` in React Router's ranking, so these never reach
 * the post page.
 */
export const PUBLIC_ROUTES: PublicRoute[] = [
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
