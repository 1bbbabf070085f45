import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Spinner } from '@blog/web/ui';
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

// The admin area and the sign-in pages are separate chunks: the public bundle never carries admin
// or editor code.
const admin = () => import('@blog/web/admin');
const AdminApp = lazy(() => admin().then((module) => ({ default: module.AdminApp })));
const LoginPage = lazy(() => admin().then((module) => ({ default: module.LoginPage })));
const RequestPasswordPage = lazy(() => admin().then((module) => ({ default: module.RequestPasswordPage })));
const ResetPasswordPage = lazy(() => admin().then((module) => ({ default: module.ResetPasswordPage })));

const lazyPage = (page: ReactNode) => <Suspense fallback={<Spinner />}>{page}</Suspense>;

/**
 * The site's routes. Every public page brings its own layout (so that an unknown post or category
 * can answer with the bare NotFound screen). Static paths win over `/:slug` in React Router's
 * ranking, so these never reach the post page.
 */
export function App() {
  return (
    <Routes>
      <Route path="/admin/*" element={lazyPage(<AdminApp />)} />
      <Route path="/login" element={lazyPage(<LoginPage />)} />
      <Route path="/request-password" element={lazyPage(<RequestPasswordPage />)} />
      <Route path="/reset-password" element={lazyPage(<ResetPasswordPage />)} />
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
