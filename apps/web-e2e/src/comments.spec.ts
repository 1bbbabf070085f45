import { expect, test, type APIRequestContext } from '@playwright/test';
import { projectPath, type AdminComment } from '@blog/contracts';
import { adminApi, createPost, removePostsWithSlug } from './support/admin';
import { horizontalOverflow, queryDatabase, seriousAccessibilityViolations, WIDTHS } from './support/site';

// The reader's way without JavaScript: the form is an HTML form, the server answers with pages.
test.use({ javaScriptEnabled: false });

const POST = { title: 'Questions about the lesson', slug: 'e2e-comments-lesson' };

/** A comment as the owner sees it: its state and the spam signals that fired. */
async function commentOf(admin: APIRequestContext, id: number): Promise<AdminComment> {
  const { comments } = (await (await admin.get('/api/comments')).json()) as { comments: AdminComment[] };
  const found = comments.find((comment) => comment.id === id);
  if (!found) throw new Error(`No comment ${id}`);
  return found;
}

/** Held for the owner as a person's first comment is: not scored as spam (the form was not sent too fast). */
async function expectHeldNotSpam(admin: APIRequestContext, id: number): Promise<void> {
  const comment = await commentOf(admin, id);
  expect(comment.state).toBe('pending');
  expect(comment.signals).toEqual([]);
}

test.describe('a comment under a post, on a phone, without JavaScript', () => {
  // The second test reads the thread the first one wrote.
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(() => removePostsWithSlug(POST.slug));
  test.afterAll(() => removePostsWithSlug(POST.slug));

  test('is written, shown to its writer as waiting, and to everyone once the owner approves it', async ({
    page,
    request,
  }) => {
    const admin = await adminApi(request);
    await createPost(admin, { ...POST, content: '<p>Ask me anything about this lesson.</p>' });
    await page.setViewportSize({ width: WIDTHS.phone, height: 800 });
    await page.goto(`/${POST.slug}`);
    await expect(page.getByRole('heading', { name: 'Comments' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Write a comment' });
    await form.getByLabel('Name', { exact: true }).fill('Lan');
    await form.getByLabel('E-mail (never shown)').fill('lan.e2e-comments@example.com');
    await form.getByLabel('Comment', { exact: true }).fill('Is "phở" a soup?\nThank you!');
    await form.getByRole('checkbox', { name: 'E-mail me when someone replies' }).check();
    await form.getByRole('button', { name: 'Post comment' }).click();

    // A first comment from an e-mail is held: its writer alone sees it, by the token of the way back.
    await expect(page).toHaveURL(new RegExp(`/${POST.slug}\\?comment=held&token=[^#]+#comment-\\d+$`));
    const held = page.getByRole('article', { name: 'Lan' });
    await expect(held.getByRole('status')).toContainText('Your comment is waiting for approval');
    const id = Number(new URL(page.url()).hash.replace('#comment-', ''));
    await expectHeldNotSpam(admin, id);
    await page.goto(`/${POST.slug}`);
    await expect(page.getByRole('article', { name: 'Lan' })).toHaveCount(0);

    expect((await admin.post(`/api/comments/${id}/approve`)).ok()).toBe(true);
    await page.goto(`/${POST.slug}`);
    await expect(page.getByRole('heading', { name: '1 comment' })).toBeVisible();
    const shown = page.getByRole('article', { name: 'Lan' });
    await expect(shown).toContainText('Thank you!');
    await expect(shown.getByRole('status')).toHaveCount(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('replies to a comment from its "Reply" link, the form answering it', async ({ page, request }) => {
    const admin = await adminApi(request);
    await page.goto(`/${POST.slug}`);
    await page.getByRole('link', { name: 'Reply to Lan' }).click();
    await expect(page).toHaveURL(new RegExp(`/${POST.slug}\\?reply=\\d+#comment-form$`));
    const parent = Number(new URL(page.url()).searchParams.get('reply'));
    const form = page.getByRole('form', { name: 'Write a comment' });
    await expect(form).toContainText('Replying to Lan');
    // Cancelled, it is a comment of its own again; replying once more.
    await form.getByRole('link', { name: 'Cancel reply' }).click();
    await expect(page.getByRole('form', { name: 'Write a comment' })).not.toContainText('Replying to');
    await page.getByRole('link', { name: 'Reply to Lan' }).click();
    await form.getByLabel('Name', { exact: true }).fill('Minh');
    await form.getByLabel('E-mail (never shown)').fill('minh.e2e-comments@example.com');
    await form.getByLabel('Comment', { exact: true }).fill('It is, with rice noodles.');
    await form.getByRole('button', { name: 'Post comment' }).click();
    await expect(page).toHaveURL(/\?comment=held&token=[^#]+#comment-\d+$/);
    const id = Number(new URL(page.url()).hash.replace('#comment-', ''));
    await expectHeldNotSpam(admin, id);
    expect((await commentOf(admin, id)).parent_id).toBe(parent);
  });

  test.describe('with JavaScript (axe runs in the page)', () => {
    test.use({ javaScriptEnabled: true });

    test('a comment is sent in place at once, held for the owner and not scored as spam', async ({ page, request }) => {
      const admin = await adminApi(request);
      await page.goto(`/${POST.slug}`);
      const form = page.getByRole('form', { name: 'Write a comment' });
      await form.getByLabel('Name', { exact: true }).fill('Hoa');
      await form.getByLabel('E-mail (never shown)').fill('hoa.e2e-comments@example.com');
      await form.getByLabel('Comment', { exact: true }).fill('Where do you buy the herbs?');
      await form.getByRole('button', { name: 'Post comment' }).click();
      const held = page.getByRole('article', { name: 'Hoa' });
      await expect(held.getByRole('status')).toContainText('Your comment is waiting for approval');
      // In place: the page was not left.
      await expect(page).toHaveURL(new RegExp(`/${POST.slug}$`));
      const id = Number((await held.getAttribute('id'))?.replace('comment-', ''));
      await expectHeldNotSpam(admin, id);
    });

    test('the post with its thread is accessible at 360 px', async ({ page }) => {
      await page.setViewportSize({ width: WIDTHS.phone, height: 800 });
      await page.goto(`/${POST.slug}`);
      await expect(page.getByRole('article', { name: 'Lan' })).toBeVisible();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  });
});

test.describe("a comment under a portfolio's project, without JavaScript", () => {
  const SLUG = `e2e-comments-project-${Date.now()}`;
  let projectId: number;
  test.beforeAll(async ({ request }) => {
    // This file's comments come from the browser's one address: they leave this one its limits.
    await queryDatabase("DELETE FROM rate_limits WHERE key LIKE 'comment-%'");
    const admin = await adminApi(request);
    const saved = await admin.post('/api/admin/projects', {
      data: { title: 'Homestay booking (comments test)', slug: SLUG, year_from: 2025, published_at: 'now' },
    });
    expect(saved.ok()).toBe(true);
    projectId = ((await saved.json()) as { id: number }).id;
  });
  test.afterAll(() => queryDatabase('DELETE FROM projects WHERE id = $1', [projectId]));

  test('is written under the case study, held, and shown on the project page once approved', async ({
    page,
    request,
  }) => {
    const admin = await adminApi(request);
    await page.goto(projectPath(SLUG));
    const form = page.getByRole('form', { name: 'Write a comment' });
    await form.getByLabel('Name', { exact: true }).fill('Hoa');
    await form.getByLabel('E-mail (never shown)').fill('hoa.e2e-comments@example.com');
    await form.getByLabel('Comment', { exact: true }).fill('How long did the booking site take?');
    await form.getByRole('button', { name: 'Post comment' }).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath(SLUG)}\\?comment=held&token=[^#]+#comment-\\d+$`));
    await expect(page.getByRole('article', { name: 'Hoa' }).getByRole('status')).toContainText(
      'Your comment is waiting for approval',
    );
    const id = Number(new URL(page.url()).hash.replace('#comment-', ''));
    await expectHeldNotSpam(admin, id);
    expect((await commentOf(admin, id)).project).toMatchObject({ id: projectId, slug: SLUG });

    expect((await admin.post(`/api/comments/${id}/approve`)).ok()).toBe(true);
    // The cached page heard of its project's comment: it is served stale while it renders again.
    await expect(async () => {
      await page.goto(projectPath(SLUG));
      await expect(page.getByRole('heading', { name: '1 comment' })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('article', { name: 'Hoa' })).toContainText('How long did the booking site take?');
  });
});
