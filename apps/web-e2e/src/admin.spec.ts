import { expect, test, type APIRequestContext } from '@playwright/test';
import type { About, GeneralInfo } from '@blog/contracts';
import { adminApi, ONE_PIXEL_PNG, signIn } from './support/admin';
import { E2E_ADMIN, E2E_BASE_URL } from './support/server';

const READER = { email: 'reader@example.com', password: 'reader-password-1', name: 'Reader' };

const JOURNEY = { postSlug: 'mot-ngay-o-hue', categorySlug: 'du-lich-viet-nam' };
/** Categories made before the journey's, so that its row is far down a long list. */
const FILLER_CATEGORIES = Array.from({ length: 40 }, (_, index) => ({
  name: `Filler ${index + 1}`,
  slug: `journey-filler-${index + 1}`,
}));

/** Removes what the post journey creates, so a failed or retried run never leaves it to the other tests. */
async function removeJourneyContent(request: APIRequestContext) {
  const posts = (await (await request.get('/api/posts')).json()) as Array<{ id: number; slug: string }>;
  for (const post of posts.filter((row) => row.slug === JOURNEY.postSlug))
    await request.delete(`/api/posts/${post.id}`);
  // A trashed post keeps its category until the category goes: out of the trash for good too.
  const trashed = (await (await request.get('/api/trash/posts')).json()) as Array<{ id: number; slug: string }>;
  for (const post of trashed.filter((row) => row.slug === JOURNEY.postSlug))
    await request.delete(`/api/trash/posts/${post.id}`);
  const categories = (await (await request.get('/api/categories')).json()) as Array<{ id: number; slug: string }>;
  const made = (slug: string) => slug === JOURNEY.categorySlug || slug.startsWith('journey-filler-');
  for (const category of categories.filter((row) => made(row.slug))) {
    await request.delete(`/api/categories/${category.id}`);
  }
}

test.describe('the administrator runs the site from the admin area', () => {
  let about: About;
  let info: GeneralInfo;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    about = (await (await request.get('/api/about')).json())[0];
    info = (await (await request.get('/api/generalInfo')).json())[0];
    await request.dispose();
  });

  // The other browser tests read the demo site: put back what these journeys changed, pass or fail.
  test.afterEach(async ({ playwright }) => {
    const request = await adminApi(await playwright.request.newContext({ baseURL: E2E_BASE_URL }));
    await removeJourneyContent(request);
    await request.dispose();
  });

  test.afterAll(async ({ playwright }) => {
    const request = await adminApi(await playwright.request.newContext({ baseURL: E2E_BASE_URL }));
    await request.put(`/api/about/${about.id}`, { data: { content: about.content } });
    await request.put(`/api/generalInfo/${info.id}`, {
      data: {
        logo_1: info.logo_1,
        logo_2: info.logo_2,
        favicon: info.favicon,
        email: info.email,
        phone: info.phone,
        address: info.address,
      },
    });
    await request.dispose();
  });

  test('category and post: create with a thumbnail and formatted content, publish, hide, edit, delete, then the category', async ({
    page,
    playwright,
  }) => {
    // The owner's whole journey, from a new category to deleting it, on a busy machine.
    test.setTimeout(180_000);
    const request = await adminApi(await playwright.request.newContext({ baseURL: E2E_BASE_URL }));
    for (const data of FILLER_CATEGORIES) expect((await request.post('/api/categories', { data })).ok()).toBe(true);
    await request.dispose();
    await signIn(page, E2E_ADMIN);
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(page.getByText(`Xin chào ${E2E_ADMIN.name}!`)).toBeVisible();

    // A category, through the modal.
    await page.getByRole('link', { name: 'View Categories' }).click();
    await page.getByRole('button', { name: 'Add new category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create new category' });
    await dialog.getByLabel(/Name/).fill('Du lịch Việt Nam');
    await expect(dialog.getByLabel(/Slug/)).toHaveValue('du-lich-viet-nam');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('cell', { name: 'du-lich-viet-nam' })).toBeVisible();

    // A post in it, with a thumbnail and bold text.
    await page.getByRole('link', { name: 'Add Post' }).click();
    await page.getByLabel(/Category ID/).selectOption({ label: 'Du lịch Việt Nam' });
    await page.getByLabel(/^Title/).fill('Một ngày ở Huế');
    await expect(page.getByLabel(/^Slug/)).toHaveValue('mot-ngay-o-hue');
    const content = page.getByRole('textbox', { name: 'Content', exact: true });
    await content.click();
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Bold words');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' and plain words.');
    await page.getByLabel('Thumbnail').setInputFiles({ name: 'hue.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await expect(page.getByRole('img', { name: 'Thumbnail (current)' })).toBeVisible();
    await page.getByLabel(/^Meta Title/).fill('Một ngày ở Huế');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL('/admin/view-post');
    await expect(page.getByRole('status').filter({ hasText: 'has been saved' })).toBeVisible();
    const row = page.getByRole('row', { name: /Một ngày ở Huế/ });
    await expect(row.getByRole('cell', { name: 'Show' })).toBeVisible();
    await expect(row.getByRole('img')).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]+\.png$/);

    // Published: the public page shows it, formatted.
    await page.goto('/mot-ngay-o-hue');
    await expect(page.getByRole('heading', { level: 1, name: 'Một ngày ở Huế' })).toBeVisible();
    await expect(page.locator('strong', { hasText: 'Bold words' })).toBeVisible();
    await page.goto('/category/du-lich-viet-nam');
    await expect(page.getByRole('link', { name: 'Một ngày ở Huế' }).first()).toBeVisible();

    // Hidden: gone from the public site.
    await page.goto('/admin/view-post');
    await page.getByRole('link', { name: 'Sửa Một ngày ở Huế' }).click();
    await page.getByLabel('Hide').check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('row', { name: /Một ngày ở Huế/ }).getByRole('cell', { name: 'Hide' })).toBeVisible();
    await page.goto('/mot-ngay-o-hue');
    await expect(page.locator('#root')).toHaveText('NotFound');

    // Edited and shown again.
    await page.goto('/admin/view-post');
    await page.getByRole('link', { name: 'Sửa Một ngày ở Huế' }).click();
    await page.getByLabel(/^Title/).fill('Hai ngày ở Huế');
    await page.getByLabel('Hide').uncheck();
    await page.getByRole('button', { name: 'Submit' }).click();
    // Saved once the list shows it again (leaving at once could cut the save short).
    await expect(page.getByRole('row', { name: /Hai ngày ở Huế/ })).toBeVisible();
    await page.goto('/mot-ngay-o-hue');
    await expect(page.getByRole('heading', { level: 1, name: 'Hai ngày ở Huế' })).toBeVisible();

    // The category cannot go while it has the post: the refusal shows where the owner clicked, far down the list.
    await page.goto('/admin/view-category');
    page.once('dialog', (confirm) => void confirm.accept());
    await page.getByRole('button', { name: 'Xóa Du lịch Việt Nam' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: '"Du lịch Việt Nam" still has 1 post' });
    await expect(refusal).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

    // Deleted, after the confirmation; then the now empty category.
    await page.goto('/admin/view-post');
    page.once('dialog', (confirm) => {
      expect(confirm.message()).toBe('Bạn có chắc muốn xoá bài đăng Hai ngày ở Huế không?');
      void confirm.accept();
    });
    await page.getByRole('button', { name: 'Xóa Hai ngày ở Huế' }).click();
    await expect(page.getByRole('row', { name: /Hai ngày ở Huế/ })).toHaveCount(0);
    await page.goto('/mot-ngay-o-hue');
    await expect(page.locator('#root')).toHaveText('NotFound');
    // The category goes with its post in the trash, as the confirmation says; the result shows in view.
    await page.goto('/admin/view-category');
    page.once('dialog', (confirm) => {
      expect(confirm.message()).toBe(
        'Bạn có chắc muốn xoá hạng mục Du lịch Việt Nam không?\n\nIts post in the Trash is deleted for good with it.',
      );
      void confirm.accept();
    });
    await page.getByRole('button', { name: 'Xóa Du lịch Việt Nam' }).click();
    const deleted = page.getByRole('status').filter({ hasText: 'The category Du lịch Việt Nam has been deleted.' });
    await expect(deleted).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await expect(page.getByRole('cell', { name: 'du-lich-viet-nam' })).toHaveCount(0);
    await page.goto('/admin/trash');
    await expect(page.getByText('Hai ngày ở Huế')).toHaveCount(0);
  });

  test('About and General information updates show on the public site', async ({ page }) => {
    await signIn(page, E2E_ADMIN);
    await page.goto('/admin/about');
    const editor = page.getByRole('textbox', { name: /Content/ });
    await editor.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Xin chào! I write about travel and English.');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();
    await page.goto('/about');
    await expect(page.getByText('Xin chào! I write about travel and English.')).toBeVisible();

    await page.goto('/admin/general-info');
    await page.getByLabel('Logo 1').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await expect(page.getByRole('img', { name: 'Logo 1 (current)' })).toHaveAttribute(
      'src',
      /^\/uploads\/[0-9a-f-]+\.png$/,
    );
    const logo = await page.getByRole('img', { name: 'Logo 1 (current)' }).getAttribute('src');
    await page.getByLabel('Favicon').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await expect(page.getByRole('img', { name: 'Favicon (current)' })).toHaveAttribute(
      'src',
      /^\/uploads\/[0-9a-f-]+\.png$/,
    );
    const favicon = await page.getByRole('img', { name: 'Favicon (current)' }).getAttribute('src');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();

    await page.goto('/');
    await expect(page.locator('header img').first()).toHaveAttribute('src', logo ?? '');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', favicon ?? '');
    // The admin's page links it too (the server writes it there).
    await page.goto('/admin/dashboard');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', favicon ?? '');
  });

  test('signing out ends the session', async ({ page }) => {
    await signIn(page, E2E_ADMIN);
    await expect(page).toHaveURL('/admin/dashboard');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await expect(page).toHaveURL('/');
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL('/login');
  });

  test('the owner ends a lost phone’s session from her profile: the phone is signed out, her own session stays', async ({
    page,
    browser,
  }) => {
    // The "phone": another browser with a User-Agent of its own, signed in as the owner.
    const phone = await browser.newContext({
      baseURL: E2E_BASE_URL,
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0',
    });
    try {
      const phonePage = await phone.newPage();
      await signIn(phonePage, E2E_ADMIN);
      await expect(phonePage).toHaveURL('/admin/dashboard');

      await signIn(page, E2E_ADMIN);
      await page.goto('/admin/profile');
      const sessions = page.getByRole('region', { name: 'Active sessions' });
      await expect(sessions.getByRole('row').filter({ hasText: 'This device' })).toHaveCount(1);
      await sessions
        .getByRole('button', { name: /^End the session of Firefox 140 on Windows/ })
        .first()
        .click();
      await expect(page.getByRole('status')).toHaveText('The session of Firefox 140 on Windows has been ended.');

      await phonePage.goto('/admin/dashboard');
      await expect(phonePage).toHaveURL('/login');
      await page.goto('/admin/dashboard');
      await expect(page).toHaveURL('/admin/dashboard');
    } finally {
      await phone.close();
    }
  });

  test('a visitor goes to /login and a signed-in non-admin to the home page', async ({ page, playwright }) => {
    await page.goto('/admin/view-post');
    await expect(page).toHaveURL('/login');

    const request = await adminApi(await playwright.request.newContext({ baseURL: E2E_BASE_URL }));
    const created = await request.post('/api/users', { data: { ...READER, is_admin: 0 } });
    expect([200, 409]).toContain(created.status());
    await request.dispose();

    await signIn(page, READER);
    await expect(page).toHaveURL('/');
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL('/');
  });

  test('the sidebar starts closed on a narrow window and opens with the toggle', async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 900 });
    await signIn(page, E2E_ADMIN);
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  });
});
