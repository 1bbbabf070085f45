import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { DataProvider } from '@blog/web/data';
import { memoryLink, type MemoryAnswer } from '@blog/web/data/testing';
import { ActionNotices } from '../lib/forms/action-notice';

/** Shows where the router is, so tests can assert redirects. */
function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/**
 * The site's identity the admin's frames read (title, brand: `useSiteIdentity`): answered with no
 * record (the defaults) and left out of `calls`, unless a test answers `siteInfo.list` itself.
 */
const SITE_IDENTITY_READ = 'siteInfo.list';

/**
 * Renders `element` at `path` with tRPC answered from memory; `calls` records every call (but the
 * frame's `SITE_IDENTITY_READ`) and `user` drives the page. `user` types without a timer between keys (`delay: null`): on a busy machine each
 * timer is a chance for the test's time to run out, and keys still being typed after a timed-out test
 * would land in the next test's fields.
 */
export function renderAdmin(
  element: ReactElement,
  {
    path = '/',
    route = '*',
    answers = {},
  }: { path?: string; route?: string; answers?: Record<string, MemoryAnswer> } = {},
) {
  const user = userEvent.setup({ delay: null });
  const memory = answers[SITE_IDENTITY_READ]
    ? memoryLink(answers)
    : memoryLink({ [SITE_IDENTITY_READ]: () => [], ...answers }, [SITE_IDENTITY_READ]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <DataProvider links={[memory.link]} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <ActionNotices>
          <Routes>
            <Route path={route} element={element} />
            <Route path="*" element={null} />
          </Routes>
        </ActionNotices>
        <Location />
      </MemoryRouter>
    </DataProvider>,
  );
  return { ...view, user, calls: memory.calls };
}
