import { expect, test } from '@playwright/test';
import { adminApi, createPost, removePostsWithSlug, signIn } from './support/admin';
import { E2E_BASE_URL } from './support/server';

// A deleted post goes to the Trash, from where it comes back or is deleted for good.

const POST = { title: 'Một buổi chiều ở Đà Lạt', slug: 'mot-buoi-chieu-o-da-lat', content: '<p>Sương và thông.</p>' };

test.describe('the trash', () => {
  test.beforeEach(async () => removePostsWithSlug(POST.slug));
  test.afterAll(async () => removePostsWithSlug(POST.slug));

  test('a deleted post 404s, comes back from the Trash, then is deleted forever after a confirmation', async ({
    page,
    playwright,
  }) => {
    const admin = await adminApi(await playwright.request.newContext({ baseURL: E2E_BASE_URL }));
    await createPost(admin, POST);
    await admin.dispose();
    await page.goto(`/${POST.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: POST.title })).toBeVisible();

    // Deleted from the posts list, after the spec's confirmation.
    await signIn(page);
    await page.goto(`/admin/view-post?q=${encodeURIComponent('Đà Lạt')}`);
    page.once('dialog', (confirm) => void confirm.accept());
    await page.getByRole('button', { name: `Xóa ${POST.title}` }).click();
    await expect(page.getByRole('status')).toHaveText(`The post ${POST.title} has been moved to the Trash.`);
    await expect(page.getByRole('row', { name: new RegExp(POST.title) })).toHaveCount(0);

    // Gone from the public site: its page, and the search.
    const gone = await page.goto(`/${POST.slug}`);
    expect(gone?.status()).toBe(404);
    const search = await page.request.get(`/api/searchPosts/${encodeURIComponent('Đà Lạt')}`);
    expect(((await search.json()) as Array<{ slug: string }>).map((post) => post.slug)).not.toContain(POST.slug);

    // Restored from the Trash screen: back under its own slug.
    await page.goto('/admin/trash');
    const row = page.getByRole('row', { name: new RegExp(POST.title) });
    await expect(row).toContainText('30');
    await row.getByRole('button', { name: `Restore ${POST.title}` }).click();
    await expect(page.getByRole('status')).toHaveText(`The post ${POST.title} has been restored.`);
    await expect(row).toHaveCount(0);
    const back = await page.goto(`/${POST.slug}`);
    expect(back?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: POST.title })).toBeVisible();

    // Deleted again, then forever: Cancel keeps it, the confirmation deletes it.
    await page.goto(`/admin/view-post?q=${encodeURIComponent('Đà Lạt')}`);
    page.once('dialog', (confirm) => void confirm.accept());
    await page.getByRole('button', { name: `Xóa ${POST.title}` }).click();
    await expect(page.getByRole('status')).toHaveText(`The post ${POST.title} has been moved to the Trash.`);
    await page.goto('/admin/trash');
    await page.getByRole('button', { name: `Delete forever ${POST.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete forever?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('row', { name: new RegExp(POST.title) })).toHaveCount(1);
    await page.getByRole('button', { name: `Delete forever ${POST.title}` }).click();
    await dialog.getByRole('button', { name: 'Delete forever' }).click();
    await expect(page.getByRole('status')).toHaveText(`The post ${POST.title} has been deleted forever.`);
    await expect(page.getByRole('row', { name: new RegExp(POST.title) })).toHaveCount(0);
    expect((await page.goto(`/${POST.slug}`))?.status()).toBe(404);
  });
});
