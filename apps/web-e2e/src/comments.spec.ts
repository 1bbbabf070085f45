import { expect, test } from '@playwright/test';
import { adminApi, createPost, removePostsWithSlug } from './support/admin';
import { horizontalOverflow, seriousAccessibilityViolations, WIDTHS } from './support/site';

// The reader's way without JavaScript: the form is an HTML form, the server answers with pages.
test.use({ javaScriptEnabled: false });

const POST = { title: 'Questions about the lesson', slug: 'e2e-comments-lesson' };

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

  test.describe('with JavaScript (axe runs in the page)', () => {
    test.use({ javaScriptEnabled: true });

    test('the post with its thread is accessible at 360 px', async ({ page }) => {
      await page.setViewportSize({ width: WIDTHS.phone, height: 800 });
      await page.goto(`/${POST.slug}`);
      await expect(page.getByRole('article', { name: 'Lan' })).toBeVisible();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  });
});
