import { expect, test, type Browser, type Page } from '@playwright/test';
import type { AdminPost } from '@blog/contracts';
import { adminApi, createPost, postBody, removePostsWithSlug, signIn } from './support/admin';

// A save over a newer version opens the conflict dialog; History diffs and restores.

const SLUG = 'pho-ha-noi-phien-ban';
const TITLE = 'Phở Hà Nội phiên bản';
const SAVED_DRAFT = /^Saved a draft at \d\d:\d\d$/;

/** A signed-in admin tab of its own browser context (its own session), on the post's edit screen. */
async function editorTab(browser: Browser, id: number): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  await page.goto(`/admin/edit-post/${id}`);
  await expect(page.getByLabel(/^Title/)).toHaveValue(TITLE);
  return page;
}

test.beforeEach(() => removePostsWithSlug(SLUG));
test.afterEach(() => removePostsWithSlug(SLUG));

test('two tabs: the second save opens the dialog; Compare shows both; Keep mine saves over theirs, kept in the history', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await adminApi(request);
  const id = await createPost(admin, { title: TITLE, slug: SLUG, content: '<p>Phở bò tái</p>' });
  const first = await editorTab(browser, id);
  const second = await editorTab(browser, id);

  await first.getByLabel(/^Meta Description/).fill('Bản của tab một');
  await first.getByRole('button', { name: 'Submit' }).click();
  await first.waitForURL('**/admin/view-post');

  await second.getByLabel(/^Meta Description/).fill('Bản của tab hai');
  await second.getByRole('button', { name: 'Submit' }).click();
  // The same owner in another window: "You", its browser and system, and the time.
  const dialog = second.getByRole('dialog', { name: 'You saved this meanwhile, in another tab or window' });
  await expect(dialog).toContainText(/You, in .+ on Linux, at (\d{4}-\d{2}-\d{2} )?\d{2}:\d{2}, in the admin\./);
  await dialog.getByRole('button', { name: 'Compare' }).click();
  // Each version against the one both started from: what each added, as added.
  const field = dialog.getByRole('region', { name: 'Meta Description' });
  await expect(field.getByRole('insertion')).toHaveText([/một/, /hai/]);

  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await second.waitForURL('**/admin/view-post');
  const saved = (await (await admin.get(`/api/posts/${id}`)).json()) as AdminPost;
  expect(saved.meta_description).toBe('Bản của tab hai');
  // The overwritten version (tab one's) is in the history.
  const revisions = await (await admin.get(`/api/posts/${id}/revisions`)).json();
  const kept = await Promise.all(
    (revisions as Array<{ id: number }>).map(async (revision) =>
      (await admin.get(`/api/posts/${id}/revisions/${revision.id}`)).json(),
    ),
  );
  expect(kept.map((revision) => revision.fields.meta_description)).toContain('Bản của tab một');
});

test('two tabs: Take theirs loads the other save, and Undo brings mine back', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await adminApi(request);
  const id = await createPost(admin, { title: TITLE, slug: SLUG, content: '<p>Phở bò tái</p>' });
  const first = await editorTab(browser, id);
  const second = await editorTab(browser, id);

  await first.getByLabel(/^Meta Keywords/).fill('pho, ha noi');
  await first.getByRole('button', { name: 'Submit' }).click();
  await first.waitForURL('**/admin/view-post');

  await second.getByLabel(/^Meta Keywords/).fill('bun cha');
  await second.getByRole('button', { name: 'Submit' }).click();
  await second.getByRole('dialog').getByRole('button', { name: 'Take theirs' }).click();
  await expect(second.getByRole('dialog')).toHaveCount(0);
  await expect(second.getByLabel(/^Meta Keywords/)).toHaveValue('pho, ha noi');
  await expect(second.getByText('Their version is loaded.')).toBeVisible();
  await second.getByRole('button', { name: 'Undo: back to mine' }).click();
  await expect(second.getByLabel(/^Meta Keywords/)).toHaveValue('bun cha');
});

test('two tabs: after Take theirs, the autosave keeps mine: the tab closed, reopening offers it back', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await adminApi(request);
  const id = await createPost(admin, { title: TITLE, slug: SLUG, content: '<p>Phở bò tái</p>' });
  const first = await editorTab(browser, id);
  const second = await editorTab(browser, id);

  await first.getByLabel(/^Meta Keywords/).fill('pho, ha noi');
  await first.getByRole('button', { name: 'Submit' }).click();
  await first.waitForURL('**/admin/view-post');

  await second.getByLabel(/^Meta Keywords/).fill('bun cha');
  await expect(second.getByText(SAVED_DRAFT)).toBeVisible();
  await second.getByRole('button', { name: 'Submit' }).click();
  await second.getByRole('dialog').getByRole('button', { name: 'Take theirs' }).click();
  await expect(second.getByLabel(/^Meta Keywords/)).toHaveValue('pho, ha noi');
  // Closed with theirs in the form (the guard asks first, as mine would be lost): the page-hide save runs.
  second.on('dialog', (dialog) => void dialog.accept());
  await second.close({ runBeforeUnload: true });
  await second.context().close();

  const reopened = await editorTab(browser, id);
  await reopened.getByRole('button', { name: /^Restore unsaved changes from/ }).click();
  await expect(reopened.getByLabel(/^Meta Keywords/)).toHaveValue('bun cha');
});

test('History: two saves later, the first version is diffed, restored, submitted and public again', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await adminApi(request);
  const id = await createPost(admin, { title: TITLE, slug: SLUG, content: '<p>Phở bò tái ở Hà Nội</p>' });
  for (const content of ['<p>Phở gà ở Hà Nội</p>', '<p>Phở gà ở Ha Noi</p>']) {
    const post = (await (await admin.get(`/api/posts/${id}`)).json()) as AdminPost;
    expect((await admin.put(`/api/posts/${id}`, { data: postBody(post, { content }) })).ok()).toBe(true);
  }

  await signIn(page);
  await page.goto(`/admin/edit-post/${id}`);
  const history = page.getByRole('region', { name: 'History' });
  const rows = history.getByRole('row');
  // The heading row and the two versions replaced, newest first.
  await expect(rows).toHaveCount(3);
  await history.getByRole('button', { name: /^Show/ }).last().click();
  const content = history.getByRole('region', { name: 'Content', exact: true });
  await expect(content.getByRole('deletion')).toHaveText(['[removed: bò tái]', '[removed: Hà Nội]']);
  await expect(content.getByRole('insertion')).toHaveText(['[added: gà]', '[added: Ha Noi]']);
  await expect(content).not.toContainText('<p>');

  await history.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByRole('textbox', { name: 'Content', exact: true })).toContainText('Phở bò tái ở Hà Nội');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/admin/view-post');

  const visitor = await request.get(`/${SLUG}`);
  expect(await visitor.text()).toContain('Phở bò tái ở Hà Nội');
});
