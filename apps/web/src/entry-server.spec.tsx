/**
 * @jest-environment node
 */
import { initTRPC, TRPCError } from '@trpc/server';
import { PAGE_STATE_ELEMENT_ID, parsePageState, type PageState } from '@blog/web/data';
import { postCardFixture } from '@blog/web/ui/testing';
import type { RenderedPage } from '@blog/contracts';
import { createPageRenderer } from './entry-server';

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="utf-8" /><!--app-head--><title>Shell</title><!--/app-head--></head><body><div id="root"><!--app-html--><noscript>JS</noscript><!--/app-html--></div><!--app-state--><script type="module" src="/assets/index.js"></script></body></html>`;
const SITE_URL = 'https://blog.example.com';
const NONCE_PLACEHOLDER = 'nonce0123456789abcdef';

const card = postCardFixture({ thumbnail: 'ha-giang.jpg' });
const detail = {
  ...card,
  content: '<p>I left Hà Nội on a night bus.</p>',
  thumbnail_alt: '',
  created_at: '2025-01-02T03:00:00.000Z',
  meta_title: 'Hà Giang in buckwheat season',
  meta_description: 'Four days on the loop.',
  meta_keywords: 'Hà Giang',
  language: 'en',
  translations: [],
};
/** The post's Vietnamese version (`/vi/vong-ha-giang`). */
const vietnameseDetail = {
  ...detail,
  id: 2,
  slug: 'vong-ha-giang',
  title: 'Vòng Hà Giang',
  content: '<p>Tôi rời Hà Nội trên chuyến xe đêm.</p>',
  language: 'vi',
  translations: [{ id: 1, language: 'en', slug: card.slug, title: card.title, path: `/${card.slug}` }],
};

const notFound = () => {
  throw new TRPCError({ code: 'NOT_FOUND', message: 'Not found' });
};

/** A tRPC router answering as the API does, recording the calls it gets. */
/** A case study of the portfolio, with comments under it. */
const project = {
  id: 7,
  title: 'Homestay booking',
  slug: 'homestay-booking',
  client_name: '',
  client_url: null,
  year_from: 2024,
  year_to: null,
  role: '',
  team_size: null,
  stack: [],
  live_url: null,
  source_url: null,
  summary: 'Direct bookings.',
  cover: null,
  cover_alt: '',
  gallery: [],
  problem: '<p>Every booking went through a marketplace.</p>',
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
  created_at: '2025-01-02T03:00:00.000Z',
  updated_at: '2025-01-05T03:00:00.000Z',
  language: 'en',
  translations: [],
};

type FakeInput = { slug?: string; subject?: string; lang?: string };

function fakeApi(overrides: Record<string, (input: FakeInput) => unknown> = {}) {
  const t = initTRPC.create();
  const calls: string[] = [];
  /** The `lang` each read was asked in (none: the site's default language). */
  const langs: Record<string, string | undefined> = {};
  const answer = (path: string, fallback: (input: FakeInput) => unknown) =>
    t.procedure
      .input((value) => (value ?? {}) as FakeInput)
      .query(({ input }) => {
        calls.push(path);
        langs[path] = input.lang;
        return (overrides[path] ?? fallback)(input);
      });
  const postOf = ({ slug, lang }: FakeInput) =>
    lang === 'vi'
      ? slug === vietnameseDetail.slug
        ? vietnameseDetail
        : undefined
      : slug === card.slug
        ? detail
        : undefined;
  const router = t.router({
    posts: t.router({
      home: answer('posts.home', () => ({ posts: [card] })),
      recent: answer('posts.recent', () => [{ id: 1, slug: card.slug, title: card.title }]),
      page: answer('posts.page', () => ({ posts: [card], total: 1 })),
      byCategory: answer('posts.byCategory', ({ slug }) =>
        slug === 'story'
          ? {
              category_name: [{ name: 'Story' }],
              category: { id: 1, name: 'Story', slug: 'story', language: 'en', translations: [] },
              posts: [card],
              total: 1,
            }
          : notFound(),
      ),
      search: answer('posts.search', () => [card]),
      bySlug: answer('posts.bySlug', (input) => postOf(input) ?? notFound()),
      related: answer('posts.related', (input) => (postOf(input) ? [] : notFound())),
      redirect: answer('posts.redirect', ({ slug }) =>
        slug === 'ha-giang' ? { slug: card.slug, language: 'en', path: `/${card.slug}` } : notFound(),
      ),
    }),
    categories: t.router({
      links: answer('categories.links', () => [{ slug: 'story', name: 'Story' }]),
      list: answer('categories.list', () => [
        { id: 1, slug: 'story', name: 'Story', description: 'Travel stories.', updated_at: '2025-01-01T00:00:00.000Z' },
      ]),
      redirect: answer('categories.redirect', notFound),
    }),
    siteInfo: t.router({
      list: answer('siteInfo.list', () => []),
      tags: answer('siteInfo.tags', () => ({ gtm_id: null, ads_conversion_id: null, stats: true })),
    }),
    about: t.router({ publicList: answer('about.publicList', () => [{ id: 1, content: '<p>I build websites.</p>' }]) }),
    projects: t.router({
      cards: answer('projects.cards', () => []),
      search: answer('projects.search', () => []),
      bySlug: answer('projects.bySlug', ({ slug }) => (slug === project.slug ? project : notFound())),
    }),
    services: t.router({ bySlug: answer('services.bySlug', notFound) }),
    testimonials: t.router({ list: answer('testimonials.list', () => []) }),
    subscriptions: t.router({ topics: answer('subscriptions.topics', () => [{ id: 1, name: 'Poems' }]) }),
    comments: t.router({
      list: answer('comments.list', ({ slug, subject = 'post', lang }) =>
        (subject === 'post' ? postOf({ slug, lang }) : slug === project.slug)
          ? { comments: [], count: 0, open: true, closed_reason: null, rendered_at: 'stamp' }
          : notFound(),
      ),
      held: answer('comments.held', notFound),
    }),
  });
  return { router, calls, langs };
}

/** The page renderer over `router`, with the test template. */
const rendererFor = (router: unknown) =>
  createPageRenderer({ template: TEMPLATE, siteUrl: SITE_URL, router, noncePlaceholder: NONCE_PLACEHOLDER });

function pageState(html: string): PageState {
  const json = html.match(
    new RegExp(`<script id="${PAGE_STATE_ELEMENT_ID}" type="application/json">(.*?)</script>`),
  )?.[1];
  return parsePageState(json ?? 'null') as PageState;
}

/** `page` with the layout parts of `from` put in place of its own, as the server sends a kept post page. */
function withPartsOf(page: RenderedPage, from: RenderedPage): string {
  const own = page.layoutParts ?? [];
  const parts = (from.layoutParts ?? []).map(([start, end]) => from.html.slice(start, end));
  return own.reduceRight(
    (html, [start, end], index) => html.slice(0, start) + parts[index] + html.slice(end),
    page.html,
  );
}

/** The times the answers were read at: the only thing that differs between two renderings of the same data. */
const withoutTimes = (html: string) => html.replace(/"(dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g, '"$1":0');

describe('the server entry', () => {
  it.each([
    ['/', '<title>Phuong&#x27;s Blog</title>', 'Recent posts'],
    ['/ha-giang-loop', '<title>Hà Giang in buckwheat season</title>', 'I left Hà Nội on a night bus.'],
    ['/posts?page=1', '<title>All Posts</title>', 'Hà Giang loop'],
    ['/category/story', '<title>Story</title>', 'Hà Giang loop'],
    ['/search?key=ha+giang', '<title>Search results for ha giang</title>', '1 result found for “ha giang”'],
    ['/about', '<title>About</title>', 'I build websites.'],
    ['/contact', '<title>Contact</title>', 'Send me a message'],
    ['/portfolio/homestay-booking', '<title>Homestay booking</title>', 'No comments yet'],
  ])('renders %s once, from data fetched before rendering, with its head in <head>', async (url, title, text) => {
    const { router, calls } = fakeApi();
    const page = await rendererFor(router)(url);
    expect(page.status).toBe(200);
    // The route declared everything the page reads: one rendering, each procedure asked once.
    expect(page.renderPasses).toBe(1);
    expect(calls).toEqual([...new Set(calls)]);
    expect(page.procedures).toEqual([...new Set(calls)].sort());

    const [head, body] = page.html.split('</head>');
    expect(head).toContain(title);
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).not.toContain('Shell');
    expect(body).toContain(text);
    expect(body).not.toContain('<noscript>JS</noscript>');
    // The browser receives the same answers, and the site's own origin.
    const state = pageState(page.html);
    expect(state.siteUrl).toBe(SITE_URL);
    expect(state.queries.queries.map((query) => (query.queryKey[0] as string[]).join('.')).sort()).toEqual(
      page.procedures,
    );
  });

  it('renders a Vietnamese post page once, every read in its language, under <html lang="vi">', async () => {
    const { router, calls, langs } = fakeApi();
    const page = await rendererFor(router)('/vi/vong-ha-giang');
    expect(page.status).toBe(200);
    expect(page.renderPasses).toBe(1);
    expect(calls).toEqual([...new Set(calls)]);
    for (const read of ['posts.bySlug', 'posts.related', 'posts.recent', 'comments.list', 'categories.links']) {
      expect([read, langs[read]]).toEqual([read, 'vi']);
    }
    expect(page.html).toMatch(/^<!doctype html><html lang="vi">/);
    expect(page.html).toContain('Tôi rời Hà Nội trên chuyến xe đêm.');
    expect(page.html).toContain('<link rel="alternate" hrefLang="en" href="https://blog.example.com/ha-giang-loop"/>');
    // The English pages keep the template's language, and read in the site's default one.
    const english = await rendererFor(fakeApi().router)('/ha-giang-loop');
    expect(english.html).toMatch(/^<!doctype html><html lang="en">/);
  });

  it("loads the site's analytics beacon deferred with the answer's nonce (STATS on), and not with STATS off", async () => {
    const on = await rendererFor(fakeApi().router)('/portfolio');
    expect(on.html).toMatch(new RegExp(`<script defer="" nonce="${NONCE_PLACEHOLDER}" src="/api/stats/beacon.js">`));
    const { router } = fakeApi({ 'siteInfo.tags': () => ({ gtm_id: null, ads_conversion_id: null, stats: false }) });
    expect((await rendererFor(router)('/portfolio')).html).not.toContain('/api/stats/beacon.js');
  });

  it('puts the canonical URL on SITE_URL and preloads the post image', async () => {
    const { router } = fakeApi();
    const { html } = await rendererFor(router)('/ha-giang-loop?ref=x');
    expect(html).toContain(`<link rel="canonical" href="${SITE_URL}/ha-giang-loop"/>`);
    expect(html).toMatch(/<link rel="preload" as="image" href="\/uploads\/ha-giang.jpg" fetchPriority="high"\/>/);
  });

  it("names the project a project page shows (its comments' changes make the page stale), and no project elsewhere", async () => {
    const render = rendererFor(fakeApi().router);
    expect((await render('/portfolio/homestay-booking')).projectId).toBe(project.id);
    expect((await render('/ha-giang-loop')).projectId).toBeUndefined();
  });

  it('names every project a page shows, a project’s translations among them (a removed one is never served)', async () => {
    const vietnamese = {
      id: 9,
      language: 'vi',
      slug: 'dat-phong',
      title: 'Đặt phòng',
      path: '/vi/portfolio/dat-phong',
    };
    const { router } = fakeApi({
      'projects.bySlug': ({ slug }) =>
        slug === project.slug ? { ...project, translations: [vietnamese] } : notFound(),
      'projects.cards': () => [{ ...project, id: 3, slug: 'shop', title: 'Shop' }],
    });
    const render = rendererFor(router);
    expect((await render('/portfolio/homestay-booking')).projectIds).toEqual([3, project.id, vietnamese.id]);
    expect((await render('/ha-giang-loop')).projectIds).toEqual([]);
  });

  it('names the post a post page shows, as read (the rendered-page store keeps the page until it changes)', async () => {
    const { router } = fakeApi();
    const render = rendererFor(router);
    expect((await render('/ha-giang-loop')).post).toEqual({ id: 1, updatedAt: '2025-01-05T03:00:00.000Z' });
    for (const url of ['/', '/about', '/no-such-post', '/ha-giang']) expect((await render(url)).post).toBeUndefined();
  });

  it("shows the site's identity of the general information on every part of the page it renders", async () => {
    const info = {
      id: 1,
      logo_1_url: null,
      logo_2_url: '/uploads/logo-light.png',
      favicon_url: '/uploads/icon.png',
      facebook_url: null,
      instagram_url: null,
      linkedin_url: null,
      youtube_url: null,
      zalo_url: null,
      tiktok_url: null,
      site_name: 'Nhật ký của Lan',
      site_description: 'Thơ và chuyện đi đường.',
      hero_greeting: 'Chào bạn!',
      hero_title: 'Lan viết ở Đà Lạt',
      hero_text: 'Mỗi tuần một bài.',
      hero_image: 'hero-lan.webp',
      hero_image_url: '/uploads/hero-lan.webp',
      hero_image_width: 2400,
      hero_image_height: 1000,
      author_name: 'Lan',
      copyright_holder: 'Trần Thị Lan',
    };
    const { router } = fakeApi({ 'siteInfo.list': () => [info] });
    const render = rendererFor(router);
    const jsonLd = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
        ([, json]) => JSON.parse(json) as Record<string, unknown>,
      );

    const home = (await render('/')).html;
    const [head, body] = home.split('</head>');
    expect(head).toContain('<title>Nhật ký của Lan</title>');
    expect(head).toContain('<meta name="description" content="Thơ và chuyện đi đường."/>');
    expect(head).toContain('<meta property="og:site_name" content="Nhật ký của Lan"/>');
    expect(head).toContain(`<meta property="og:image" content="${SITE_URL}/uploads/hero-lan.webp"/>`);
    expect(head).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Nhật ký của Lan" href="/rss.xml"/>',
    );
    expect(jsonLd(home)).toContainEqual(
      expect.objectContaining({
        '@type': 'WebSite',
        name: 'Nhật ký của Lan',
        description: expect.stringMatching(/^Thơ và chuyện đi đường\. /),
        author: expect.objectContaining({ name: 'Lan' }),
      }),
    );
    expect(body).toContain('<span>Nhật ký của Lan</span>');
    expect(body).toContain('<p class="hero__eyebrow">Chào bạn!</p>');
    expect(body).toContain('<h1 id="hero-title">Lan viết ở Đà Lạt</h1>');
    expect(body).toContain('<p class="hero__lead">Mỗi tuần một bài.</p>');
    // The owner's picture as responsive variants, preloaded.
    expect(body).toMatch(/<picture><source type="image\/avif" srcSet="\/uploads\/hero-lan-\d+\.avif \d+w, /);
    expect(body).toContain('<img src="/uploads/hero-lan.webp" alt="" class="hero__image"');
    expect(head).toMatch(/<link rel="preload" as="image" type="image\/avif" [^>]*imageSrcSet="\/uploads\/hero-lan-/);
    expect(head).toContain('<meta property="og:image:width" content="2400"/>');
    expect(body).toMatch(/<img class="site-footer__logo" src="\/uploads\/logo-light.png"/);
    expect(body).toContain('Copyright <!-- -->2025<!-- --> © <!-- -->Trần Thị Lan');
    expect(home).not.toMatch(/Phuong|Phương/);

    const post = (await render('/ha-giang-loop')).html;
    expect(post).toContain('By <span class="post__author">Lan</span>');
    expect(jsonLd(post)).toContainEqual(
      expect.objectContaining({ '@type': 'BlogPosting', author: expect.objectContaining({ name: 'Lan' }) }),
    );
    expect((await render('/no-such-post')).html).toContain('<title>NotFound | Nhật ký của Lan</title>');
  });

  it("keeps a post page's layout parts apart: another post's put in give the page as rendered, byte for byte", async () => {
    const other = { ...detail, id: 2, slug: 'sa-pa', title: 'Sa Pa in the fog', content: '<p>Clouds.</p>' };
    const { router } = fakeApi({
      'posts.bySlug': ({ slug }) => (slug === card.slug ? detail : slug === other.slug ? other : notFound()),
      'posts.related': ({ slug }) => (slug === card.slug ? [{ ...card, id: 2, slug: other.slug }] : []),
      'siteInfo.list': () => [{ logo_1_url: '/uploads/logo.png', favicon_url: '/uploads/icon.ico' }],
    });
    const render = rendererFor(router);
    const [first, second] = [await render('/ha-giang-loop'), await render('/sa-pa')];
    // The favicon, the header, the sidebar, the footer, and the queries they read in the page's state.
    expect(first.layoutParts).toHaveLength(5);
    const parts = (first.layoutParts ?? []).map(([start, end]) => first.html.slice(start, end));
    expect(parts[0]).toBe('<link rel="icon" href="/uploads/icon.ico"/>');
    expect(parts[1]).toMatch(/^<header class="site-header">[\s\S]*<img src="\/uploads\/logo.png"[\s\S]*<\/header>$/);
    expect(parts[2]).toMatch(/^<aside class="sidebar"[\s\S]*Recent Posts[\s\S]*<\/aside>$/);
    expect(parts[3]).toMatch(/^<footer class="site-footer">[\s\S]*<\/footer>$/);
    expect(
      JSON.parse(`[${parts[4]}]`)
        .map((query: { queryKey: string[][] }) => query.queryKey[0].join('.'))
        .sort(),
    ).toEqual(['categories.links', 'posts.recent', 'siteInfo.list']);
    // What the browser hydrates: the same page, the same state (every query once).
    expect(withoutTimes(withPartsOf(second, first))).toBe(withoutTimes(second.html));
    expect(pageState(withPartsOf(second, first)).queries.queries).toHaveLength(second.procedures.length);
    // The posts it shows itself (the sidebar's recent posts travel with the layout's parts); none kept apart elsewhere.
    expect(first.postIds).toEqual([1, 2]);
    expect((await render('/')).layoutParts).toBeUndefined();
    expect((await render('/')).postIds).toEqual([1]);
  });

  it('answers 404 with NotFound for an unknown post, and 301 for an old slug', async () => {
    const { router } = fakeApi();
    const render = rendererFor(router);
    const missing = await render('/no-such-post');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<h1>NotFound</h1>');
    // The refusals travel to the browser, so that it hydrates NotFound too (the post, its old slug, its related posts, its comments).
    const errors = pageState(missing.html).queries.queries.filter((query) => query.state.status === 'error');
    expect(errors.map((query) => query.state.error)).toEqual(
      Array(4).fill({ name: 'TRPCClientError', message: 'Not found', data: { code: 'NOT_FOUND', httpStatus: 404 } }),
    );
    expect(await render('/category/nope')).toMatchObject({ status: 404 });
    expect(await render('/a/b/c')).toMatchObject({ status: 404 });

    expect(await render('/ha-giang')).toMatchObject({ status: 301, location: '/ha-giang-loop' });
  });

  it('answers 503 when the data could not be read, and never leaks the server error', async () => {
    const { router } = fakeApi({
      'posts.home': () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      },
    });
    const page = await rendererFor(router)('/');
    expect(page.status).toBe(503);
    expect(page.html).not.toContain('ECONNREFUSED');
  });

  it('gives the tag scripts it renders the nonce placeholder (the policy runs no script without it)', async () => {
    const { router } = fakeApi({
      'siteInfo.tags': () => ({ gtm_id: 'GTM-AB12CD3', ads_conversion_id: 'AW-1/x', stats: false }),
    });
    const { html } = await rendererFor(router)('/');
    const head = html.slice(0, html.indexOf('</head>'));
    const scripts = head.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toHaveLength(2);
    for (const script of scripts) expect(script).toContain(`nonce="${NONCE_PLACEHOLDER}"`);
  });

  it('refuses a template without the regions it fills', () => {
    const { router } = fakeApi();
    expect(() =>
      createPageRenderer({
        template: '<html><body></body></html>',
        siteUrl: SITE_URL,
        router,
        noncePlaceholder: NONCE_PLACEHOLDER,
      }),
    ).toThrow(/app-head, app-html and app-state/);
  });
});
