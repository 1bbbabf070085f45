import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SITE_ROUTES } from '@blog/contracts';
import { ChunkErrorBoundary, Spinner } from '@blog/web/ui';
import { NotFoundPage } from '@blog/web/public';
import { LANGUAGE_ROUTES, PUBLIC_ROUTES } from './routes';

// The admin area and the sign-in pages are separate chunks: the public bundle never carries admin
// or editor code.
const admin = () => import('@blog/web/admin');
const AdminApp = lazy(() => admin().then((module) => ({ default: module.AdminApp })));
const LoginPage = lazy(() => admin().then((module) => ({ default: module.LoginPage })));
const RequestPasswordPage = lazy(() => admin().then((module) => ({ default: module.RequestPasswordPage })));
const ResetPasswordPage = lazy(() => admin().then((module) => ({ default: module.ResetPasswordPage })));

/** A lazy route: a spinner while its chunk loads; a message and a retry, never a blank page, when it cannot. */
const lazyPage = (page: ReactNode) => (
  <ChunkErrorBoundary>
    <Suspense fallback={<Spinner />}>{page}</Suspense>
  </ChunkErrorBoundary>
);

/** The pages under a language's prefix (`/vi/about`), else NotFound. */
function LanguageRoutes() {
  return (
    <Routes>
      {LANGUAGE_ROUTES.map((route) => (
        <Route key={route.path} path={route.path} element={route.element} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/**
 * The site's routes, at the paths of `SITE_ROUTES` (a spec holds the two together); the other
 * languages' pages below the catch-all, which leaves NotFound to them. Every public
 * page brings its own layout (so that an unknown post or category can answer with the bare NotFound
 * screen).
 */
export function App() {
  return (
    <Routes>
      <Route path={SITE_ROUTES.app.admin} element={lazyPage(<AdminApp />)} />
      <Route path={SITE_ROUTES.app.login} element={lazyPage(<LoginPage />)} />
      <Route path={SITE_ROUTES.app.requestPassword} element={lazyPage(<RequestPasswordPage />)} />
      <Route path={SITE_ROUTES.app.resetPassword} element={lazyPage(<ResetPasswordPage />)} />
      {PUBLIC_ROUTES.map((route) => (
        <Route key={route.path} path={route.path} element={route.element} />
      ))}
      <Route path="*" element={<LanguageRoutes />} />
    </Routes>
  );
}
