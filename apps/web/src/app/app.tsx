import { Route, Routes } from 'react-router-dom';
import {
  AboutPage,
  CategoryPage,
  ContactPage,
  HomePage,
  NotFoundPage,
  PostPage,
  PostsPage,
  SearchPage,
} from '@blog/web/public';

/**
 * The site's routes. Every public page brings its own layout (so that an unknown post or category
 * can answer with the bare NotFound screen).
 *
 * The admin area goes here, above the public routes, and LAZY, so that the public bundle never
 * carries admin or editor code:
 *
 *   const AdminApp = lazy(() => import('@blog/web/admin'));          // its own chunk
 *   <Route path="/admin/*" element={<Suspense fallback={<Spinner />}><AdminApp /></Suspense>} />
 *   <Route path="/login" element={…lazy…} />, "/request-password", "/reset-password" (standalone)
 *
 * Static paths win over `/:slug` in React Router's ranking, so these never reach the post page.
 */
export function App() {
  return (
    <Routes>
      {/* Admin and standalone auth routes (lazy): see above. */}
      <Route path="/" element={<HomePage />} />
      <Route path="/posts" element={<PostsPage />} />
      <Route path="/category/:slug" element={<CategoryPage />} />
      <Route path="/search" element={<SearchPage />} />
      <Route path="/about" element={<AboutPage />} />
      <Route path="/contact" element={<ContactPage />} />
      <Route path="/:slug" element={<PostPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
