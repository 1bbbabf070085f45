import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { adminApi, createPost, removePostsWithSlug, signIn, startNewPost } from './support/admin';
import { E2E_BASE_URL } from './support/server';
import { queryDatabase } from './support/site';

// What the owner types is autosaved, kept on the device while offline, and offered back.

const POST = { title: 'Chiều trên sông Hương', slug: 'chieu-tren-song-huong', content: '<p>Nước trôi chậm.</p>' };
const NEW_TITLE = 'Bản nháp chưa gửi';
const NEW_SLUG = 'ban-nhap-chua-gui';
const SAVED_DRAFT = /^Saved a draft at \d\d:\d\d$/;
const RESTORE = /^Restore unsaved changes from \d\d:\d\d$/;

/** A new browser context with the administrator signed in, on `path`. */
async function openAsAdmin(browser: Browser, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const page = await context.newPage();
  await signIn(page);
  await page.goto(path);
  return { context, page };
}

const autosavedTitles = async () =>
  (await queryDatabase<{ title: string }>(`SELECT values->>'title' AS title FROM autosaves ORDER BY saved_at`)).map(
    (row) => row.title,
  );

test.describe('autosave', () => {
  let postId: number;

  test.beforeEach(async ({ playwright }) => {
    await queryDatabase('DELETE FROM autosaves');
    await removePostsWithSlug(POST.slug);
    await removePostsWithSlug(NEW_SLUG);
    const admin = await adminApi(await playwright.request.newContext({ baseURL: E2E_BASE_URL }));
    postId = await createPost(admin, POST);
    await admin.dispose();
  });
  test.afterAll(async () => {
    await queryDatabase('DELETE FROM autosaves');
    await removePostsWithSlug(POST.slug);
    await removePostsWithSlug(NEW_SLUG);
  });

  test('a closed browser mid-edit: reopening offers the unsaved changes and restores them; Submit clears them', async ({
    browser,
  }) => {
    const first = await openAsAdmin(browser, `/admin/edit-post/${postId}`);
    const title = first.page.getByLabel(/^Title/);
    await expect(title).toHaveValue(POST.title);
    await title.fill(`${POST.title} lúc hoàng hôn`);
    const content = first.page.getByRole('textbox', { name: 'Content', exact: true });
    await content.click();
    await first.page.keyboard.press('End');
    await first.page.keyboard.type(' Thuyền rồng đi qua.');
    await expect(first.page.getByText(SAVED_DRAFT)).toBeVisible();
    await first.context.close();

    // The saved post is untouched: the draft is the autosave's.
    const saved = await queryDatabase<{ title: string }>('SELECT title FROM posts WHERE id = $1', [postId]);
    expect(saved).toEqual([{ title: POST.title }]);

    const second = await openAsAdmin(browser, `/admin/edit-post/${postId}`);
    await expect(second.page.getByRole('button', { name: 'Discard' })).toBeVisible();
    await second.page.getByRole('button', { name: RESTORE }).click();
    await expect(second.page.getByLabel(/^Title/)).toHaveValue(`${POST.title} lúc hoàng hôn`);
    await expect(second.page.getByRole('textbox', { name: 'Content', exact: true })).toContainText(
      'Thuyền rồng đi qua.',
    );
    await second.page.getByRole('button', { name: 'Submit' }).click();
    await second.page.waitForURL('**/admin/view-post');
    expect(await autosavedTitles()).toEqual([]);

    // Reopened: the saved post is the newest, nothing to offer.
    const answered = second.page.waitForResponse((response) => response.url().includes('autosaves.get'));
    await second.page.goto(`/admin/edit-post/${postId}`);
    await answered;
    await expect(second.page.getByLabel(/^Title/)).toHaveValue(`${POST.title} lúc hoàng hôn`);
    await expect(second.page.getByRole('button', { name: RESTORE })).toHaveCount(0);
    await second.context.close();
  });

  test('the About page: a closed browser mid-edit offers its unsaved changes back', async ({ browser }) => {
    const first = await openAsAdmin(browser, '/admin/about');
    const content = first.page.getByRole('textbox', { name: 'Content', exact: true });
    await content.click();
    await first.page.keyboard.press('Control+End');
    await first.page.keyboard.type(' Viết dở giữa chừng.');
    await expect(first.page.getByText(SAVED_DRAFT)).toBeVisible();
    await first.context.close();

    const second = await openAsAdmin(browser, '/admin/about');
    await second.page.getByRole('button', { name: RESTORE }).click();
    await expect(second.page.getByRole('textbox', { name: 'Content', exact: true })).toContainText(
      'Viết dở giữa chừng.',
    );
    // Left unsaved: the About page stays as the other specs expect it.
    await second.context.close();
  });

  test('the page closed right after typing: the page-hide save keeps it', async ({ browser }) => {
    const { context, page } = await openAsAdmin(browser, `/admin/edit-post/${postId}`);
    await page.getByLabel(/^Title/).fill(`${POST.title} (vừa gõ)`);
    // The unsaved-changes guard asks first; leaving sends the keepalive save.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.close({ runBeforeUnload: true });
    await expect.poll(autosavedTitles).toEqual([`${POST.title} (vừa gõ)`]);
    await context.close();
  });

  test('offline: kept on this device, then sent once back online', async ({ browser }) => {
    const { context, page } = await openAsAdmin(browser, `/admin/edit-post/${postId}`);
    await expect(page.getByLabel(/^Title/)).toHaveValue(POST.title);
    await context.setOffline(true);
    await page.getByLabel(/^Title/).fill(`${POST.title} ngoại tuyến`);
    await expect(page.getByText('Offline: kept on this device')).toBeVisible();
    expect(await autosavedTitles()).toEqual([]);
    await context.setOffline(false);
    await expect(page.getByText(SAVED_DRAFT)).toBeVisible();
    expect(await autosavedTitles()).toEqual([`${POST.title} ngoại tuyến`]);
    await context.close();
  });

  test("a new post's autosave survives closing the tab before its first Submit", async ({ page, context }) => {
    await startNewPost(page, NEW_TITLE);
    await page.getByLabel(/^Slug/).fill(NEW_SLUG);
    await expect(page.getByText(SAVED_DRAFT)).toBeVisible();
    await page.close();

    const reopened = await context.newPage();
    await reopened.goto('/admin/add-post');
    await reopened.getByRole('button', { name: RESTORE }).click();
    await expect(reopened.getByLabel(/^Title/)).toHaveValue(NEW_TITLE);
    await expect(reopened.getByLabel(/^Slug/)).toHaveValue(NEW_SLUG);
    await reopened.getByRole('button', { name: 'Submit' }).click();
    await reopened.waitForURL('**/admin/view-post');
    await expect.poll(autosavedTitles).toEqual([]);

    // Submitted: Add post opens empty, with nothing to offer.
    const answered = reopened.waitForResponse((response) => response.url().includes('autosaves.listNewPosts'));
    await reopened.goto('/admin/add-post');
    await answered;
    await expect(reopened.getByLabel(/^Title/)).toHaveValue('');
    await expect(reopened.getByRole('button', { name: RESTORE })).toHaveCount(0);
  });
});
