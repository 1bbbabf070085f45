import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, request, test } from '@playwright/test';
import { ZipFile } from 'yazl';
import { signIn } from './support/admin';
import { E2E_BASE_URL } from './support/server';
import { queryDatabase } from './support/site';
import { GHOST_FIXTURES, skipWithoutThirdPartyFixtures } from './support/third-party-fixtures';

// An owner moves a Ghost blog in through the Import & export screen, then takes the site out.

skipWithoutThirdPartyFixtures(__filename);

const IMPORTED_POST = { slug: 'da-lat-mua-hoa-da-quy', title: 'Đà Lạt mùa hoa dã quỳ' };

/** Ghost's `content/images` folder as an owner zips it. */
async function zipOfImages(): Promise<string> {
  const folder = join(GHOST_FIXTURES, 'content/images');
  const path = join(mkdtempSync(join(tmpdir(), 'e2e-ghost-')), 'images.zip');
  const zip = new ZipFile();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else zip.addFile(full, `content/images/${relative(folder, full)}`);
    }
  };
  walk(folder);
  zip.end();
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  await once(out, 'close');
  return path;
}

let startedAt: string;

test.beforeAll(async () => {
  [{ now: startedAt }] = await queryDatabase<{ now: string }>(`SELECT now()::text AS now`);
});

// What the import made goes, so the other specs meet the demo site as it was.
test.afterAll(async () => {
  const since = [startedAt];
  await queryDatabase(
    `DELETE FROM posts WHERE created_at >= $1 OR id IN (SELECT target::int FROM import_items WHERE kind = 'post')`,
    since,
  );
  await queryDatabase(
    `DELETE FROM categories c WHERE c.created_at >= $1 AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.category_id = c.id)`,
    since,
  );
  await queryDatabase(`DELETE FROM redirects WHERE created_at >= $1`, since);
  await queryDatabase(`DELETE FROM import_items`);
  await queryDatabase(`DELETE FROM imports`);
  await queryDatabase(`DELETE FROM site_exports`);
});

test('a Ghost blog comes in after a dry run, its old addresses lead to the new ones, and the site goes out again', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const images = await zipOfImages();
  await signIn(page);
  await page.goto('/admin/import-export');
  await page.getByLabel('Source').selectOption({ label: 'Ghost export (.json)' });
  await page.getByLabel(/^Export file/).setInputFiles(join(GHOST_FIXTURES, 'ghost-5.130-export.json'));
  await page.getByLabel(/^Images folder as a zip/).setInputFiles(images);
  await page.getByRole('button', { name: 'Check (dry run)' }).click();

  // The dry run reports what it would do and writes nothing.
  const dryRun = page.getByRole('region', { name: 'Dry run of ghost-5.130-export.json' });
  await expect(dryRun.getByRole('heading', { name: 'What the import would do' })).toBeVisible({ timeout: 60_000 });
  await expect(dryRun.getByRole('row', { name: /^Posts 14/ })).toBeVisible();
  expect(await queryDatabase(`SELECT 1 FROM posts WHERE slug = $1`, [IMPORTED_POST.slug])).toHaveLength(0);

  await dryRun.getByRole('button', { name: 'Run import' }).click();
  const realRun = page.getByRole('region', { name: 'Import of ghost-5.130-export.json' });
  await expect(realRun.getByRole('heading', { name: 'What the import did' })).toBeVisible({ timeout: 60_000 });
  await expect(realRun.getByRole('row', { name: /^Posts 14/ })).toBeVisible();

  // The post is on the site with its image, and the old Ghost addresses answer 301.
  const visitor = await request.newContext({ baseURL: E2E_BASE_URL });
  try {
    const post = await visitor.get(`/${IMPORTED_POST.slug}`);
    expect(post.status()).toBe(200);
    expect(await post.text()).toContain(IMPORTED_POST.title);
    const amp = await visitor.get(`/${IMPORTED_POST.slug}/amp/`, { maxRedirects: 0 });
    expect(amp.status()).toBe(301);
    expect(amp.headers()['location']).toBe(`/${IMPORTED_POST.slug}`);
    const tag = await visitor.get('/tag/du-lich/', { maxRedirects: 0 });
    expect(tag.status()).toBe(301);
    expect(tag.headers()['location']).toBe('/category/du-lich');
  } finally {
    await visitor.dispose();
  }
  await page.goto(`/${IMPORTED_POST.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: IMPORTED_POST.title })).toBeVisible();
  const image = page.locator('article img').first();
  await expect(image).toHaveAttribute('src', /^\/uploads\//);
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // Export: progress, then the archive to download.
  await page.goto('/admin/import-export');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const download = page.getByRole('link', { name: /^Download site-\d{4}-\d{2}-\d{2}\.zip/ }).first();
  await expect(download).toBeVisible({ timeout: 60_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^site-\d{4}-\d{2}-\d{2}\.zip$/);
  const saved = await file.path();
  expect(statSync(saved).size).toBeGreaterThan(100_000);
});
