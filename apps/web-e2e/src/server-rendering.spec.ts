import { expect, test, type Browser, type Page } from '@playwright/test';
import type { AdminPost } from '@blog/contracts';
import { adminApi, postBody } from './support/admin';
import { E2E_BASE_URL } from './support/server';
import { DEMO, hydrated, PUBLIC_PAGES, structuredData } from './support/site';

/** A page as a crawler or a link preview gets it: the server's HTML, no JavaScript run. */
async function withoutJavaScript(browser: Browser, path: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: E2E_BASE_URL });
  const page = await context.newPage();
  const response = await page.goto(path);
  return { page, status: response?.status(), close: () => context.close() };
}

const meta = (page: Page, selector: string) => page.locator(`head meta[${selector}]`).getAttribute('content');

test.describe('pages as crawlers and link previews see them (no JavaScript)', () => {
  for (const { path, title, heading } of PUBLIC_PAGES) {
    test(`${path} comes with its content and its head`, async ({ browser }) => {
      const { page, status, close } = await withoutJavaScript(browser, path);
      expect(status).toBe(200);
      await expect(page.locator('head title')).toHaveCount(1);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      expect(await meta(page, 'name="description"')).toBeTruthy();
      await expect(page.locator('head link[rel="icon"]')).toHaveAttribute('href', /^\/uploads\//);
      await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
        'href',
        '/rss.xml',
      );
      expect(await meta(page, 'property="og:title"')).toBe(title);
      expect(await meta(page, 'property="og:image"')).toMatch(new RegExp(`^${E2E_BASE_URL}/`));
      expect(await meta(page, 'name="twitter:card"')).toBe('summary_large_image');
      const canonical = `${E2E_BASE_URL}${path}`;
      await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', canonical);
      expect(await meta(page, 'property="og:url"')).toBe(canonical);
      // Content, not a spinner, in the first HTML.
      await expect(page.locator('.ui-spinner')).toHaveCount(0);
      await close();
    });
  }

  test('a post carries its text, an article preview with its thumbnail, BlogPosting and BreadcrumbList', async ({
    browser,
  }) => {
    const { page, close } = await withoutJavaScript(browser, `/${DEMO.storyPost}`);
    await expect(page.locator('.post')).toContainText('buckwheat');
    expect(await meta(page, 'property="og:type"')).toBe('article');
    const image = await meta(page, 'property="og:image"');
    expect(image).toMatch(new RegExp(`^${E2E_BASE_URL}/uploads/demo-${DEMO.storyPost}\\.jpg$`));
    expect(await meta(page, 'property="og:image:width"')).toBe('800');
    expect(await meta(page, 'property="og:image:height"')).toBe('500');
    // The largest image is found in the HTML, with its size reserved.
    const thumbnail = page.locator('img.post__thumbnail');
    await expect(thumbnail).toHaveAttribute('fetchpriority', 'high');
    await expect(thumbnail).toHaveAttribute('width', '800');
    const preload = page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]');
    await expect(preload).toHaveCount(1);
    // The thumbnail is a <picture>: its AVIF variants are what is preloaded.
    await expect(preload).toHaveAttribute(
      'imagesrcset',
      new RegExp(`^/uploads/demo-${DEMO.storyPost}-480\\.avif 480w, `),
    );
    await expect(page.locator('picture:has(img.post__thumbnail) source[type="image/webp"]')).toHaveAttribute(
      'sizes',
      /100vw/,
    );

    const [posting, breadcrumb] = await structuredData(page);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Hà Giang in buckwheat season: four days on the mountain loop',
      url: `${E2E_BASE_URL}/${DEMO.storyPost}`,
      author: { '@type': 'Person', name: 'Phương' },
      publisher: { '@type': 'Person', logo: { '@type': 'ImageObject' } },
      image: { '@type': 'ImageObject', url: image, width: 800, height: 500 },
    });
    for (const date of [posting['datePublished'], posting['dateModified']]) {
      expect(new Date(String(date)).toISOString()).toBe(date);
    }
    expect(breadcrumb).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${E2E_BASE_URL}/` },
        { position: 2, name: 'Story', item: `${E2E_BASE_URL}/category/story` },
        { position: 3, item: `${E2E_BASE_URL}/${DEMO.storyPost}` },
      ],
    });
    await close();
  });

  test('/ describes the WebSite and /category/seo its breadcrumb', async ({ browser }) => {
    const home = await withoutJavaScript(browser, '/');
    expect((await structuredData(home.page)).map((data) => data['@type'])).toEqual(['WebSite']);
    await home.close();
    const seo = await withoutJavaScript(browser, '/category/seo');
    expect(await structuredData(seo.page)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: `${E2E_BASE_URL}/` },
          { '@type': 'ListItem', position: 2, name: 'SEO', item: `${E2E_BASE_URL}/category/seo` },
        ],
      },
    ]);
    await seo.close();
  });

  for (const path of [
    '/no/such/page',
    '/no-such-post',
    `/${DEMO.hiddenPost}`,
    '/category/no-such-category',
    '/a%00b',
  ]) {
    test(`${path} answers 404 with the NotFound screen`, async ({ browser }) => {
      const { page, status, close } = await withoutJavaScript(browser, path);
      expect(status).toBe(404);
      await expect(page.locator('#root')).toHaveText('NotFound');
      expect(await meta(page, 'name="robots"')).toBe('noindex, nofollow');
      await close();
    });
  }
});

test.describe('addresses and cached pages follow the owner’s changes', () => {
  const wordpress = DEMO.wordpressPost;

  test('a renamed post and category answer 301 at their old address; the cached page follows once rendered again', async ({
    playwright,
    request,
  }) => {
    const admin = await adminApi(await playwright.request.newContext({ baseURL: E2E_BASE_URL }));
    const posts = (await (await admin.get('/api/posts')).json()) as AdminPost[];
    const { id } = posts.find((post) => post.slug === wordpress) as AdminPost;
    const post = (await (await admin.get(`/api/posts/${id}`)).json()) as AdminPost;
    const save = (changes: Partial<AdminPost>) => admin.put(`/api/posts/${id}`, { data: postBody(post, changes) });
    const renamed = `${wordpress}-2026`;
    try {
      // Cached for anonymous visitors, revalidated with its ETag.
      const first = await request.get(`/${wordpress}`);
      const etag = first.headers()['etag'];
      expect(first.headers()['cache-control']).toContain('public');
      expect((await request.get(`/${wordpress}`, { headers: { 'If-None-Match': etag } })).status()).toBe(304);

      expect((await save({ title: 'WordPress with WP-CLI, renamed', slug: renamed })).ok()).toBe(true);
      // The cached page is served (stale) while it is rendered again in the background, then swapped.
      await expect.poll(async () => (await request.get(`/${wordpress}`, { maxRedirects: 0 })).status()).toBe(301);
      const old = await request.get(`/${wordpress}`, { maxRedirects: 0 });
      expect(old.headers()['location']).toBe(`/${renamed}`);
      const moved = await request.get(`/${renamed}`);
      expect(await moved.text()).toContain('<h1 class="post__title">WordPress with WP-CLI, renamed</h1>');
      // Pages that list the post changed too, for a visitor who had them cached.
      await expect.poll(async () => await (await request.get('/')).text()).toContain('WordPress with WP-CLI, renamed');
    } finally {
      await save({});
    }
    await expect.poll(async () => (await request.get(`/${wordpress}`)).status()).toBe(200);

    const categories = (await (await admin.get('/api/categories')).json()) as Array<{
      id: number;
      name: string;
      slug: string;
    }>;
    const poem = categories.find((category) => category.slug === 'poem') as { id: number; name: string };
    try {
      expect((await admin.put(`/api/categories/${poem.id}`, { data: { name: poem.name, slug: 'tho' } })).ok()).toBe(
        true,
      );
      await expect
        .poll(async () => (await request.get('/category/poem?page=2', { maxRedirects: 0 })).headers()['location'])
        .toBe('/category/tho?page=2');
    } finally {
      await admin.put(`/api/categories/${poem.id}`, { data: { name: poem.name, slug: 'poem' } });
    }
    await admin.dispose();
  });

  test('a post slug that would hide a page of the site is refused, naming the field', async ({ playwright }) => {
    const admin = await adminApi(await playwright.request.newContext({ baseURL: E2E_BASE_URL }));
    const categories = (await (await admin.get('/api/categories')).json()) as Array<{ id: number }>;
    const refused = await admin.post('/api/posts', {
      data: {
        category_id: categories[0].id,
        title: 'Contact',
        slug: 'contact',
        content: '<p>x</p>',
        meta_title: 'Contact',
      },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors).toContainEqual(expect.objectContaining({ field: 'slug' }));
    await admin.dispose();
  });
});

test('pages carry the same security headers as the API', async ({ request }) => {
  const security = (headers: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(headers).filter(
        ([name]) =>
          /^(x-|referrer-policy|cross-origin|origin-agent|strict-transport)/.test(name) && name !== 'x-request-id',
      ),
    );
  const apiAnswer = await request.get('/api/homeData');
  const pageAnswer = await request.get('/');
  expect(security(apiAnswer.headers())['x-content-type-options']).toBe('nosniff');
  expect(security(pageAnswer.headers())).toEqual(security(apiAnswer.headers()));
  // Each answer names its own request.
  expect(pageAnswer.headers()['x-request-id']).toMatch(/^[\w-]{36}$/);
  expect(pageAnswer.headers()['x-request-id']).not.toBe(apiAnswer.headers()['x-request-id']);
});

test.describe('the feeds at the site root', () => {
  test('robots.txt points to the sitemap; the sitemap and RSS list the visible posts only', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.headers()['content-type']).toContain('text/plain');
    expect(await robots.text()).toContain(`Sitemap: ${E2E_BASE_URL}/sitemap.xml`);

    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${E2E_BASE_URL}/${DEMO.storyPost}</loc>`);
    expect(sitemap).toContain(`<image:loc>${E2E_BASE_URL}/uploads/demo-${DEMO.storyPost}.jpg</image:loc>`);
    expect(sitemap).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
    expect(sitemap).not.toContain(DEMO.hiddenPost);

    const rss = await request.get('/rss.xml');
    expect(rss.headers()['content-type']).toContain('application/rss+xml');
    const feed = await rss.text();
    expect(feed.match(/<item>/g)).toHaveLength(DEMO.visiblePosts);
    expect(feed).toContain(`<link>${E2E_BASE_URL}/${DEMO.storyPost}</link>`);
    expect(feed).not.toContain(DEMO.hiddenPost);
  });
});

/** Records what must not happen while a page hydrates: an error, a call to the API. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    // The browser reports the document's own 404 as a failed resource: that is the status we want.
    if (message.type() === 'error' && !message.text().includes('status of 404')) problems.push(message.text());
  });
  const apiCalls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/trpc/')) apiCalls.push(req.url());
  });
  return { problems, apiCalls };
}

test.describe('the browser takes the server’s page over', () => {
  for (const { path } of PUBLIC_PAGES) {
    test(`${path} hydrates without an error and without asking the API again`, async ({ page }) => {
      const { problems, apiCalls } = watch(page);
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(path);
      await expect.poll(() => hydrated(page)).toBe(true);
      // Hydrated: React handles the menu button (it does nothing before).
      const toggle = page.getByRole('button', { name: 'Menu' });
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(problems).toEqual([]);
      expect(apiCalls).toEqual([]);
    });
  }

  test('a 404 page hydrates as NotFound too', async ({ page }) => {
    const { problems, apiCalls } = watch(page);
    await page.goto('/no-such-post');
    await expect.poll(() => hydrated(page)).toBe(true);
    await expect(page.locator('#root')).toHaveText('NotFound');
    expect(problems).toEqual([]);
    // The refusals came with the page: the post and its redirect are not asked again.
    expect(apiCalls).toEqual([]);
  });
});
