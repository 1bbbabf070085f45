import { expect, request, test, type Page } from '@playwright/test';
import { INQUIRY_CTA_LABELS, projectPath } from '@blog/contracts';
import { adminApi, createPost, removePostsWithSlug, signIn } from './support/admin';
import { E2E_BASE_URL } from './support/server';
import { hydrated, queryDatabase } from './support/site';

/**
 * The owner's three questions answered on one screen from a reader's visit: the pages read, what was
 * searched for in vain, and which page brought an inquiry. The reader's browser says it is a browser
 * (headless Chromium's own user agent names it a robot, which is not counted).
 */
const READER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const RUN = Date.now();
const POST_SLUG = `analytics-e2e-${RUN}`;
const POST_TITLE = `Một ngày ở Hội An (analytics ${RUN})`;
const PROJECT_SLUG = `analytics-project-${RUN}`;
const PROJECT_TITLE = `Guesthouse site (analytics ${RUN})`;
const CASE_STUDY = projectPath(PROJECT_SLUG);
/** A word no post or project holds. */
const IN_VAIN = `zyxwv${RUN}`;
let projectId: number;

test.beforeAll(async () => {
  const admin = await adminApi(await request.newContext({ baseURL: E2E_BASE_URL }));
  try {
    await createPost(admin, { title: POST_TITLE, slug: POST_SLUG, content: '<p>Đèn lồng và sông Hoài.</p>' });
    const saved = await admin.post('/api/admin/projects', {
      data: { title: PROJECT_TITLE, slug: PROJECT_SLUG, year_from: 2026, published_at: 'now' },
    });
    expect(saved.ok()).toBe(true);
    projectId = ((await saved.json()) as { id: number }).id;
  } finally {
    await admin.dispose();
  }
});

test.afterAll(async () => {
  await queryDatabase('DELETE FROM contact_messages WHERE topic_slug = $1', [PROJECT_SLUG]);
  await queryDatabase("DELETE FROM rate_limits WHERE key LIKE 'contact-%'");
  await removePostsWithSlug(POST_SLUG);
  const admin = await adminApi(await request.newContext({ baseURL: E2E_BASE_URL }));
  try {
    expect((await admin.delete(`/api/admin/projects/${projectId}`)).ok()).toBe(true);
  } finally {
    await admin.dispose();
  }
});

/** The reader: a post from Facebook, a search in vain from the header, an inquiry from a case study. */
async function readerVisits(page: Page) {
  await page.goto(`/${POST_SLUG}`, { referer: 'https://l.facebook.com/' });
  await expect(page.getByRole('heading', { level: 1, name: POST_TITLE })).toBeVisible();
  await expect.poll(() => hydrated(page)).toBe(true);
  const search = page.getByRole('searchbox', { name: 'Search posts' });
  await search.fill(IN_VAIN);
  await search.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`found for “${IN_VAIN}”`) })).toBeVisible();

  await page.goto(CASE_STUDY, { referer: 'https://www.google.com/' });
  await expect.poll(() => hydrated(page)).toBe(true);
  await page.getByRole('link', { name: INQUIRY_CTA_LABELS.project }).click();
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel(/^Name/).fill('Trần Lan');
  await form.getByLabel(/^Email/).fill('lan@example.com');
  const message = form.getByLabel(/^Message/);
  await message.fill(`${await message.inputValue()} Four rooms by the river.`);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Your message have been sent.' })).toBeVisible();
}

test('the dashboard shows the pages a reader read, the search that found nothing and the page that brought an inquiry', async ({
  browser,
}) => {
  const reader = await browser.newContext({ baseURL: E2E_BASE_URL, userAgent: READER_AGENT });
  try {
    await readerVisits(await reader.newPage());
  } finally {
    await reader.close();
  }

  const owner = await browser.newContext({ baseURL: E2E_BASE_URL });
  try {
    const page = await owner.newPage();
    await signIn(page);
    // Counts are written in batches a few seconds apart: the owner looks again until they are there.
    await expect(async () => {
      await page.goto('/admin/dashboard');
      await page.getByRole('button', { name: '7 days' }).click();
      const pages = page.getByRole('region', { name: 'Top posts, projects and pages' });
      await expect(pages.getByRole('row').filter({ hasText: POST_TITLE })).toBeVisible({ timeout: 5_000 });
      await expect(pages.getByRole('row').filter({ hasText: PROJECT_TITLE })).toBeVisible({ timeout: 5_000 });
      const inVain = page.getByRole('region', { name: 'Searched for in vain' });
      await expect(inVain.getByRole('row').filter({ hasText: IN_VAIN })).toContainText('Found nothing', {
        timeout: 5_000,
      });
      const inquiries = page.getByRole('region', { name: 'Inquiries', exact: true });
      await expect(inquiries.getByRole('row').filter({ hasText: CASE_STUDY })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });

    const postRow = page.getByRole('region', { name: 'Top posts, projects and pages' }).getByRole('row').filter({
      hasText: POST_TITLE,
    });
    await expect(postRow.getByRole('link', { name: POST_TITLE })).toHaveAttribute('href', /\/admin\/edit-post\/\d+$/);
    const sources = page.getByRole('region', { name: 'Sources', exact: true });
    await expect(sources.getByRole('row').filter({ hasText: 'Facebook' })).toBeVisible();
    await expect(sources.getByRole('row').filter({ hasText: 'Search engines' })).toBeVisible();
  } finally {
    await owner.close();
  }
});
