import { expect, test, type APIRequestContext } from '@playwright/test';
import { SITE_TIME_ZONE, type AdminPost } from '@blog/contracts';
import { adminApi, postBody, removePostsWithSlug, startNewPost } from './support/admin';
import { E2E_BASE_URL } from './support/server';
import { queryDatabase } from './support/site';

// Drafts, scheduled posts and private preview links on the built site.

const TITLE = 'Tết ở Hội An bản nháp';
const SLUG = 'tet-o-hoi-an-ban-nhap';

/** An instant as the site's clocks show it: the form's `datetime-local` value and the admin's wording. */
function siteTime(instant: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: SITE_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const shown = new Intl.DateTimeFormat('en-US', {
    timeZone: SITE_TIME_ZONE,
    year: 'numeric',
    month: 'long',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return { wall: `${parts['year']}-${parts['month']}-${parts['day']}T${parts['hour']}:${parts['minute']}`, shown };
}

/** What an anonymous visitor gets: the post's status and whether the home page links to it. */
async function publicView(anonymous: APIRequestContext) {
  const post = await anonymous.get(`/${SLUG}`, { maxRedirects: 0 });
  const home = await (await anonymous.get('/')).text();
  return { post: post.status(), onHome: home.includes(`href="/${SLUG}"`) };
}

// The owner's browser is far from Vietnam: the form still reads the time in the site's zone.
test.use({ timezoneId: 'America/New_York' });

test.beforeEach(() => removePostsWithSlug(SLUG));
test.afterEach(() => removePostsWithSlug(SLUG));

test('a draft is previewed through a private link, scheduled, and comes out on time on the cached site', async ({
  page,
  browser,
  request: anonymous,
  playwright,
}) => {
  test.setTimeout(240_000);

  // A draft, written through the form.
  const content = await startNewPost(page, TITLE);
  await expect(page.getByLabel(/^Slug/)).toHaveValue(SLUG);
  await content.click();
  await page.keyboard.type('Đèn lồng trên sông Hoài đêm ba mươi.');
  const publication = page.getByRole('group', { name: 'Publication' });
  await expect(publication.getByRole('radio', { name: 'Publish now' })).toBeChecked();
  await publication.getByRole('radio', { name: 'Draft' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL('/admin/view-post');
  const row = page.getByRole('row').filter({ hasText: TITLE });
  await expect(row).toContainText('Draft');
  const [{ id }] = await queryDatabase<{ id: number }>('SELECT id FROM posts WHERE slug = $1', [SLUG]);
  expect(await publicView(anonymous)).toEqual({ post: 404, onHome: false });

  // A private preview link, opened by someone who is not signed in.
  await row.getByRole('link', { name: `Sửa ${TITLE}` }).click();
  const previewLinks = page.getByRole('region', { name: 'Preview' });
  await previewLinks.getByRole('button', { name: 'Get a preview link' }).click();
  const previewUrl = await previewLinks.getByRole('link', { name: /\/preview\// }).getAttribute('href');
  expect(previewUrl).toMatch(new RegExp(`^${E2E_BASE_URL}/preview/[A-Za-z0-9_-]{43}$`));
  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  try {
    const previewed = await readerPage.goto(previewUrl as string);
    expect(previewed?.status()).toBe(200);
    expect(previewed?.headers()['cache-control']).toContain('private, no-store');
    expect(previewed?.headers()['x-robots-tag']).toContain('noindex');
    await expect(readerPage.getByRole('heading', { level: 1 })).toHaveText(TITLE);
    await expect(readerPage.getByRole('status')).toContainText(
      'Preview. This post is a draft: only people with this link can read it.',
    );

    // Scheduled a few minutes ahead, written in the site's time.
    const scheduledAt = new Date(Math.ceil((Date.now() + 5 * 60_000) / 60_000) * 60_000);
    const scheduled = siteTime(scheduledAt);
    await publication.getByRole('radio', { name: 'Schedule' }).check();
    const publishOn = page.getByLabel(/^Publish on/);
    await expect(publishOn).toHaveAccessibleDescription(`The site’s time: ${SITE_TIME_ZONE} (UTC+07:00).`);
    await publishOn.fill(scheduled.wall);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL('/admin/view-post');
    await expect(row).toContainText(`Scheduled for ${scheduled.shown}`);
    const [stored] = await queryDatabase<{ published_at: Date }>('SELECT published_at FROM posts WHERE id = $1', [id]);
    expect(stored.published_at.toISOString()).toBe(scheduledAt.toISOString());
    expect(await publicView(anonymous)).toEqual({ post: 404, onHome: false });
    await readerPage.reload();
    await expect(readerPage.getByRole('status')).toContainText(
      `This post is scheduled: it will be published on ${scheduled.shown}.`,
    );

    // Brought forward through the API: the server's page cache must let it out on time, with no write then.
    const admin = await adminApi(await playwright.request.newContext({ baseURL: E2E_BASE_URL }));
    try {
      const post = (await (await admin.get(`/api/posts/${id}`)).json()) as AdminPost;
      const soon = new Date(Date.now() + 15_000).toISOString();
      const moved = await admin.put(`/api/posts/${id}`, { data: postBody(post, { published_at: soon }) });
      expect(moved.ok()).toBe(true);
    } finally {
      await admin.dispose();
    }
    // Asked again before it comes out: the pages cached now do not show it.
    expect(await publicView(anonymous)).toEqual({ post: 404, onHome: false });
    await expect
      .poll(() => publicView(anonymous), { timeout: 60_000, intervals: [1000] })
      .toEqual({ post: 200, onHome: true });
    await readerPage.reload();
    await expect(readerPage.getByRole('status')).toContainText('This post is published.');

    // Every preview link ended: the link now leads to a 404 that says so.
    await page.goto(`/admin/edit-post/${id}`);
    await previewLinks.getByRole('button', { name: 'End all preview links' }).click();
    // The editor's own status regions are on the page too: the one with the outcome.
    await expect(page.getByRole('status').filter({ hasText: 'preview link' })).toHaveText(
      'Every preview link to this post has stopped working.',
    );
    const ended = await readerPage.goto(previewUrl as string);
    expect(ended?.status()).toBe(404);
    await expect(readerPage.getByRole('heading', { level: 1 })).toHaveText('Preview not available');
  } finally {
    await reader.close();
  }
});
