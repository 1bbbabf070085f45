import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createRoutesFromChildren, MemoryRouter } from 'react-router-dom';
import { POST_ROUTE, SITE_ROUTES } from '@blog/contracts';
import { DataProvider } from '@blog/web/data';
import { memoryLink, trpcError } from '@blog/web/data/testing';
import { postCardFixture } from '@blog/web/ui/testing';
import { App } from './app';

const card = postCardFixture();

function renderAt(path: string) {
  const { link, calls } = memoryLink({
    'categories.links': () => [{ slug: 'story', name: 'Story' }],
    'siteInfo.list': () => [],
    'siteInfo.tags': () => ({ gtm_id: null, ads_conversion_id: null }),
    'posts.recent': () => [],
    'posts.home': () => ({ posts: [card] }),
    'posts.page': () => ({ posts: [card], total: 1 }),
    'posts.search': () => [card],
    'about.publicList': () => [{ id: 1, content: '<p>I build websites.</p>' }],
    'posts.byCategory': (input) => {
      if ((input as { slug: string }).slug !== 'story') throw trpcError('NOT_FOUND', 404);
      return { category_name: [{ name: 'Story' }], posts: [card], total: 1 };
    },
    'posts.bySlug': (input) => {
      if ((input as { slug: string }).slug !== 'ha-giang-loop') throw trpcError('NOT_FOUND', 404);
      return {
        ...card,
        content: '<p>I left Hà Nội.</p>',
        thumbnail_alt: '',
        meta_title: '',
        meta_description: '',
        meta_keywords: '',
      };
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <DataProvider links={[link]} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </DataProvider>,
  );
  return { ...result, calls };
}

describe('App routes', () => {
  it.each([
    ['/', { level: 2, name: 'Recent posts' }],
    ['/posts', { level: 1, name: 'All Posts' }],
    ['/category/story', { level: 1, name: 'Story' }],
    ['/search?key=ha+giang', { level: 2, name: '1 result found for “ha giang”' }],
    ['/about', { level: 1, name: 'About me' }],
    ['/contact', { level: 1, name: 'Contact' }],
    ['/ha-giang-loop', { level: 1, name: 'Hà Giang loop' }],
  ])('%s shows its screen', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', heading)).toBeInTheDocument();
  });

  // `/portfolio` and `/services` are reserved routes without a page yet (`SITE_ROUTES.reserved`).
  it.each([
    '/this/does/not/exist',
    '/no-such-post',
    '/category/no-such-category',
    '/category',
    '/portfolio',
    '/portfolio/a-project',
    '/services',
  ])('%s shows only NotFound', async (path) => {
    const { container } = renderAt(path);
    await waitFor(() => expect(container).toHaveTextContent(/^NotFound$/));
  });

  it("takes every path from the site's one list of routes, which holds no page the router lacks", () => {
    const paths = createRoutesFromChildren((App() as ReactElement<{ children: ReactElement[] }>).props.children).map(
      (route) => route.path,
    );
    const listed = [...Object.values(SITE_ROUTES.pages), ...Object.values(SITE_ROUTES.app), POST_ROUTE, '*'];
    expect([...paths].sort()).toEqual([...listed].sort());
  });
});
