import { expect, test, type Page } from '@playwright/test';
import type { SiteTags } from '@blog/contracts';
import { api, recordExternalRequests, structuredData } from './support/site';

const TAGS: SiteTags = { gtm_id: 'GTM-E2ETEST', ads_conversion_id: 'AW-123456789/e2eLabel' };

/**
 * Makes the site believe GTM_ID and ADS_CONVERSION_ID are configured: the `siteInfo.tags` answer
 * inside tRPC's batched responses is replaced, and Google's scripts are answered locally.
 */
async function pretendTagsAreConfigured(page: Page): Promise<string[]> {
  const loaded: string[] = [];
  await page.route('https://www.googletagmanager.com/**', (route) => {
    loaded.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: '/* tag stand-in */' });
  });
  await page.route('**/trpc/**', async (route) => {
    const url = new URL(route.request().url());
    const procedures = url.pathname.replace('/trpc/', '').split(',');
    const index = procedures.indexOf('siteInfo.tags');
    if (index < 0) return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as Array<{ result: { data: unknown } }>;
    body[index] = { result: { data: TAGS } };
    return route.fulfill({ response, json: body });
  });
  return loaded;
}

type GtagCall = [string, ...unknown[]];
const gtagCalls = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? [])
      .filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]')
      .map((entry) => Array.from(entry as ArrayLike<unknown>)),
  ) as Promise<GtagCall[]>;
const conversionsOf = (calls: GtagCall[]) => calls.filter(([command, name]) => command === 'event' && name === 'conversion');

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

test('no tag is configured on the test server: the API says so and no page loads one', async ({ page, request }) => {
  expect(await api<SiteTags>(request, '/api/site-tags')).toEqual({ gtm_id: null, ads_conversion_id: null });
  const external = recordExternalRequests(page);
  for (const path of ['/', '/category/seo', '/posts', '/about', '/contact']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  expect(external).toEqual([]);
  expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
});

test('with tags configured: the tag manager loads, and / and /category/seo send the conversion event', async ({
  page,
}) => {
  const loaded = await pretendTagsAreConfigured(page);

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Recent posts' }).getByRole('article').first()).toBeVisible();
  await expect.poll(() => loaded.sort()).toEqual([
    'https://www.googletagmanager.com/gtag/js?id=AW-123456789',
    'https://www.googletagmanager.com/gtm.js?id=GTM-E2ETEST',
  ]);
  await expect.poll(async () => conversionsOf(await gtagCalls(page))).toEqual([
    ['event', 'conversion', { send_to: 'AW-123456789/e2eLabel', value: 1, currency: 'VND' }],
  ]);
  expect(await page.evaluate(() => (window.dataLayer ?? []).some((e) => (e as { event?: string }).event === 'gtm.js'))).toBe(true);

  // Moving to All Posts sends nothing more; the SEO category sends the event again.
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Posts' })).toBeVisible();
  expect(conversionsOf(await gtagCalls(page))).toHaveLength(1);
  await page.goto('/category/seo');
  await expect(page.getByRole('heading', { level: 1, name: 'SEO' })).toBeVisible();
  await expect.poll(async () => conversionsOf(await gtagCalls(page))).toHaveLength(1);
  await page.goto('/category/story');
  await expect(page.getByRole('heading', { level: 1, name: 'Story' })).toBeVisible();
  expect(conversionsOf(await gtagCalls(page))).toEqual([]);
});

test('/category/seo carries BreadcrumbList structured data', async ({ page }) => {
  await page.goto('/category/seo');
  await expect(page.getByRole('heading', { level: 1, name: 'SEO' })).toBeVisible();
  expect(await structuredData(page)).toEqual([
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://127.0.0.1:4310/' },
        { '@type': 'ListItem', position: 2, name: 'SEO', item: 'http://127.0.0.1:4310/category/seo' },
      ],
    },
  ]);
});
