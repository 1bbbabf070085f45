import { expect, test, type Page } from '@playwright/test';
import { STATS_BEACON_PATH, STATS_BEACON_SCRIPT_PATH } from '@blog/contracts';
import { hydrated, queryDatabase } from './support/site';

/** A desktop Chrome's: headless Chromium's own names it a bot (`HeadlessChrome`), which the analytics do not count. */
const BROWSER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
test.use({ userAgent: BROWSER_AGENT });

/** What the page's beacon posts, in order. */
function beaconReports(page: Page): Array<Record<string, unknown>> {
  const reports: Array<Record<string, unknown>> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === STATS_BEACON_PATH) {
      reports.push(request.postDataJSON() as Record<string, unknown>);
    }
  });
  return reports;
}

/** The views the server wrote for `path` entered from `ref` (it writes in batches, seconds apart). */
const viewsFrom = (ref: string) =>
  queryDatabase<{ path: string; kind: string }>(`SELECT path, kind FROM stats_hits WHERE source_name = $1`, [ref]);

test('the beacon (under 1 kB) reports a page moved to in the browser, the time on the page before, and a click out', async ({
  page,
}) => {
  await page.clock.install();
  const reports = beaconReports(page);
  const script = page.waitForResponse((response) => new URL(response.url()).pathname === STATS_BEACON_SCRIPT_PATH);
  await page.goto('/?ref=e2e-beacon');
  const loaded = await script;
  expect(loaded.status()).toBe(200);
  expect((await loaded.body()).length).toBeLessThanOrEqual(1024);
  await expect.poll(() => hydrated(page)).toBe(true);

  await page.clock.fastForward(5_000);
  await page.getByRole('link', { name: 'All Posts' }).first().click();
  await expect(page).toHaveURL(/\/posts$/);
  await expect.poll(() => reports).toContainEqual({ kind: 'view', path: '/posts' });
  expect(reports).toContainEqual({ kind: 'engaged', path: '/?ref=e2e-beacon', ms: expect.any(Number) });
  expect(reports.find((report) => report.kind === 'engaged')?.ms).toBeGreaterThanOrEqual(5_000);

  await page.evaluate(() => {
    const link = document.createElement('a');
    link.href = 'mailto:owner@example.com';
    link.textContent = 'Write';
    link.addEventListener('click', (event) => event.preventDefault());
    document.body.append(link);
    link.click();
  });
  await expect.poll(() => reports).toContainEqual({ kind: 'outbound', path: '/posts', target: 'mailto' });
  // The first page was counted by the server when it answered, never by the beacon.
  expect(reports.filter((report) => report.kind === 'view')).toEqual([{ kind: 'view', path: '/posts' }]);
  await expect.poll(() => viewsFrom('e2e-beacon'), { timeout: 20_000 }).toEqual([{ path: '/', kind: 'view' }]);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the page is still counted (by the server, when it answers)', async ({ page }) => {
    await page.goto('/about?ref=e2e-no-script');
    await expect(page.getByRole('heading', { level: 1, name: 'About me' })).toBeVisible();
    await expect
      .poll(() => viewsFrom('e2e-no-script'), { timeout: 20_000 })
      .toEqual([{ path: '/about', kind: 'view' }]);
  });
});
