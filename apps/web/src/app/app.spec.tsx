import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createRoutesFromChildren, MemoryRouter } from 'react-router-dom';
import { POST_ROUTE, SITE_ROUTES, STATS_BEACON_SCRIPT_PATH } from '@blog/contracts';
import { DataProvider } from '@blog/web/data';
import { memoryLink, trpcError } from '@blog/web/data/testing';
import { postCardFixture } from '@blog/web/ui/testing';
import { App } from './app';

const card = postCardFixture();
const projectFixture = {
  id: 1,
  title: 'Homestay booking',
  slug: 'homestay-booking',
  client_name: 'Nhà Mây',
  client_url: null,
  year_from: 2024,
  year_to: null,
  role: 'Developer',
  team_size: null,
  stack: [],
  live_url: null,
  source_url: null,
  summary: '',
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
  published_at: '2025-01-02T03:00:00.000Z',
  created_at: '2025-01-02T03:00:00.000Z',
  updated_at: '2025-01-05T03:00:00.000Z',
  language: 'en',
  translations: [],
};

function renderAt(path: string) {
  const { link, calls } = memoryLink({
    'categories.links': () => [{ slug: 'story', name: 'Story' }],
    'siteInfo.list': () => [],
    'siteInfo.tags': () => ({ gtm_id: null, ads_conversion_id: null, stats: true }),
    'auth.adminCheck': () => ({ is_admin: 1, name: 'Phương' }),
    'posts.recent': () => [],
    'posts.home': () => ({ posts: [card] }),
    'posts.page': () => ({ posts: [card], total: 1 }),
    'posts.search': () => [card],
    'about.publicList': () => [{ id: 1, content: '<p>I build websites.</p>' }],
    'posts.byCategory': (input) => {
      if ((input as { slug: string }).slug !== 'story') throw trpcError('NOT_FOUND', 404);
      return {
        category_name: [{ name: 'Story' }],
        category: { id: 1, name: 'Story', slug: 'story', language: 'en', translations: [] },
        posts: [card],
        total: 1,
      };
    },
    'projects.cards': () => [],
    'projects.search': () => [],
    'services.list': () => [],
    'testimonials.list': () => [],
    'projects.bySlug': (input) => {
      if ((input as { slug: string }).slug !== 'homestay-booking') throw trpcError('NOT_FOUND', 404);
      return projectFixture;
    },
    'projects.redirect': () => {
      throw trpcError('NOT_FOUND', 404);
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
        language: 'en',
        translations: [],
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
    ['/portfolio', { level: 1, name: 'Portfolio' }],
    ['/portfolio/homestay-booking', { level: 1, name: 'Homestay booking' }],
    ['/services', { level: 1, name: 'Services' }],
  ])('%s shows its screen', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', heading)).toBeInTheDocument();
  });

  it.each([
    '/this/does/not/exist',
    '/no-such-post',
    '/category/no-such-category',
    '/category',
    '/portfolio/no-such-project',
    '/portfolio/a/b',
    '/services/web',
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

describe("the site's analytics beacon (STATS on)", () => {
  const beacon = () => document.querySelector(`script[src="${STATS_BEACON_SCRIPT_PATH}"]`);

  it.each(['/', '/ha-giang-loop', '/category/story', '/search?key=ha+giang', '/portfolio', '/contact'])(
    '%s loads it, deferred',
    async (path) => {
      renderAt(path);
      await waitFor(() => expect(beacon()).not.toBeNull());
      expect(beacon()).toHaveAttribute('defer');
    },
  );

  it('/login and /admin do not (they are no public pages)', async () => {
    const login = renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(beacon()).toBeNull();
    login.unmount();
    renderAt('/admin/dashboard');
    expect(await screen.findAllByText(/Phương/, undefined, { timeout: 10_000 })).not.toHaveLength(0);
    expect(beacon()).toBeNull();
  });
});
