import type { ReactElement } from 'react';
import { PREVIEW_PATH_PREFIX } from '@blog/contracts';
import type { PagePrefetch } from '@blog/web/data';
import {
  AboutPage,
  CategoryPage,
  ContactPage,
  HomePage,
  PostPage,
  PostsPage,
  PreviewPage,
  prefetchAboutPage,
  prefetchCategoryPage,
  prefetchHomePage,
  prefetchPostPage,
  prefetchPostsPage,
  prefetchPreviewPage,
  prefetchSearchPage,
  SearchPage,
} from '@blog/web/public';

export interface PublicRoute {
  path: string;
  element: ReactElement;
  /** What the server fetches before rendering the page (besides the layout's own reads). */
  prefetch?: PagePrefetch;
}

/**
 * The public pages, rendered by the server and hydrated in the browser. Static paths win over
 * `/:slug` in React Router's ranking, so these never reach the post page.
 */
export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/', element: <HomePage />, prefetch: prefetchHomePage },
  { path: '/posts', element: <PostsPage />, prefetch: prefetchPostsPage },
  { path: '/category/:slug', element: <CategoryPage />, prefetch: prefetchCategoryPage },
  { path: '/search', element: <SearchPage />, prefetch: prefetchSearchPage },
  { path: '/about', element: <AboutPage />, prefetch: prefetchAboutPage },
  { path: '/contact', element: <ContactPage /> },
  { path: `${PREVIEW_PATH_PREFIX}:token`, element: <PreviewPage />, prefetch: prefetchPreviewPage },
  { path: '/:slug', element: <PostPage />, prefetch: prefetchPostPage },
];
