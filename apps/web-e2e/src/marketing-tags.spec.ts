import { expect, test, type Page } from '@playwright/test';
import type { SiteTags } from '@blog/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAppServer, type AppServer } from './support/app-server';
import { E2E_BASE_URL, E2E_DATABASE_URL_ENV, E2E_PORT } from './support/server';
import { api, recordCspViolations, recordExternalRequests, structuredData } from './support/site';

const TAGS: SiteTags = { gtm_id: 'GTM-E2ETEST', ads_conversion_id: 'AW-123456789/e2eLabel', stats: true };

/**
 * Google's scripts, answered locally (the test machine has no internet). Each stand-in says it ran
 * and, as the tag manager does with a custom HTML tag, adds an inline script with its own nonce.
 */
async function answerGoogleLocally(page: Page): Promise<string[]> {
  const loaded: string[] = [];
  await page.route('https://www.googletagmanager.com/**', (route) => {
    const url = new URL(route.request().url());
    loaded.push(url.href);
    const body = `{
      (window.tagRuns ??= []).push(${JSON.stringify(url.pathname)});
      const tag = document.createElement('script');
      tag.nonce = document.currentScript.nonce;
      tag.textContent = 'window.tagRuns.push(' + ${JSON.stringify(JSON.stringify(`${url.pathname}: custom HTML tag`))} + ')';
      document.head.append(tag);
    }`;
    return route.fulfill({ contentType: 'text/javascript', body });
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
const conversionsOf = (calls: GtagCall[]) =>
  calls.filter(([command, name]) => command === 'event' && name === 'conversion');

declare global {
  interface Window {
    dataLayer?: unknown[];
    tagRuns?: string[];
  }
}

test('no tag is configured on the test server: the API says so and no page loads one', async ({ page, request }) => {
  expect(await api<SiteTags>(request, '/api/site-tags')).toEqual({
    gtm_id: null,
    ads_conversion_id: null,
    stats: true,
  });
  const external = recordExternalRequests(page);
  for (const path of ['/', '/category/seo', '/posts', '/about', '/contact']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  expect(external).toEqual([]);
  expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
});

test.describe('on an instance configured with GTM_ID and ADS_CONVERSION_ID', () => {
  let tagged: AppServer;
  let dataDir: string;

  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'blog-e2e-tags-'));
    const databaseUrl = process.env[E2E_DATABASE_URL_ENV] as string;
    tagged = await startAppServer({
      port: E2E_PORT + 1,
      databaseUrl,
      dataDir,
      env: { GTM_ID: TAGS.gtm_id as string, ADS_CONVERSION_ID: TAGS.ads_conversion_id as string },
    });
  });

  test.afterAll(async () => {
    await tagged?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the tag manager loads and runs under the Content-Security-Policy, and / and /category/seo send the conversion event', async ({
    page,
  }) => {
    const loaded = await answerGoogleLocally(page);
    const violations = await recordCspViolations(page);

    await page.goto(`${tagged.baseUrl}/`);
    await expect(page.getByRole('region', { name: 'Recent posts' }).getByRole('article').first()).toBeVisible();
    await expect
      .poll(() => loaded.sort())
      .toEqual([
        'https://www.googletagmanager.com/gtag/js?id=AW-123456789',
        'https://www.googletagmanager.com/gtm.js?id=GTM-E2ETEST',
      ]);
    await expect
      .poll(async () => conversionsOf(await gtagCalls(page)))
      .toEqual([['event', 'conversion', { send_to: 'AW-123456789/e2eLabel', value: 1, currency: 'VND' }]]);
    expect(
      await page.evaluate(() => (window.dataLayer ?? []).some((e) => (e as { event?: string }).event === 'gtm.js')),
    ).toBe(true);
    // Both tags ran, and so did what the tag manager added with its nonce.
    await expect
      .poll(() => page.evaluate(() => [...(window.tagRuns ?? [])].sort()))
      .toEqual(['/gtag/js', '/gtag/js: custom HTML tag', '/gtm.js', '/gtm.js: custom HTML tag']);

    // Moving to All Posts sends nothing more; the SEO category sends the event again.
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'All Posts' })).toBeVisible();
    expect(conversionsOf(await gtagCalls(page))).toHaveLength(1);
    await page.goto(`${tagged.baseUrl}/category/seo`);
    await expect(page.getByRole('heading', { level: 1, name: 'SEO' })).toBeVisible();
    await expect.poll(async () => conversionsOf(await gtagCalls(page))).toHaveLength(1);
    await page.goto(`${tagged.baseUrl}/category/story`);
    await expect(page.getByRole('heading', { level: 1, name: 'Story' })).toBeVisible();
    expect(conversionsOf(await gtagCalls(page))).toEqual([]);
    expect(violations).toEqual([]);
  });

  test('the server-rendered page carries the tags for visitors without JavaScript too', async ({ request }) => {
    const html = await (await request.get(`${tagged.baseUrl}/`)).text();
    expect(html).toContain(`src="https://www.googletagmanager.com/gtm.js?id=${TAGS.gtm_id}"`);
    expect(html).toContain(
      `<noscript><iframe title="Google Tag Manager" src="https://www.googletagmanager.com/ns.html?id=${TAGS.gtm_id}"`,
    );
  });
});

test('/category/seo carries BreadcrumbList structured data', async ({ page }) => {
  await page.goto('/category/seo');
  await expect(page.getByRole('heading', { level: 1, name: 'SEO' })).toBeVisible();
  expect(await structuredData(page)).toEqual([
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${E2E_BASE_URL}/` },
        { '@type': 'ListItem', position: 2, name: 'SEO', item: `${E2E_BASE_URL}/category/seo` },
      ],
    },
  ]);
});
