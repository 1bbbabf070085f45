import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { GeneralInfo } from '@blog/contracts';
import { adminApi, createPost, removePostsWithSlug, signIn } from './support/admin';
import { E2E_BASE_URL } from './support/server';
import { api, horizontalOverflow, queryDatabase } from './support/site';

const CHUNK_ERROR_MESSAGE =
  'This page could not be loaded: part of the site did not arrive (you may be offline, or the site has just been updated).';
const FACEBOOK = 'https://www.facebook.com/phuong.e2e';

/** The JavaScript files the page's HTML itself loads: every other one is a lazy chunk. */
async function entryScripts(request: APIRequestContext, path: string): Promise<Set<string>> {
  const html = await (await request.get(path)).text();
  return new Set(
    [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => new URL(match[1], E2E_BASE_URL).href),
  );
}

/** Makes every lazy chunk's request fail, as offline or after a deploy removed the old chunks. */
async function failLazyChunks(page: Page, entry: Set<string>) {
  await page.route('**/assets/*.js', (route) => (entry.has(route.request().url()) ? route.continue() : route.abort()));
}

test('a lazy route whose chunk cannot be fetched reloads once, then offers a retry that brings the page', async ({
  page,
  request,
}) => {
  const entry = await entryScripts(request, '/login');
  await failLazyChunks(page, entry);
  let documentLoads = 0;
  page.on('request', (req) => {
    documentLoads += Number(req.resourceType() === 'document');
  });

  await page.goto('/login');
  const message = page.getByRole('alert').filter({ hasText: CHUNK_ERROR_MESSAGE });
  await expect(message).toBeVisible();
  // One automatic reload (the first failure), no loop: the second failure shows the message.
  expect(documentLoads).toBe(2);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toHaveCount(0);

  await page.unrouteAll();
  await message.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page.getByLabel(/Email address/)).toBeVisible();
});

test('the contact form still sends when its validation chunk cannot be fetched: the server checks it', async ({
  page,
  request,
}) => {
  const marker = `chunkless-${Date.now()}`;
  await failLazyChunks(page, await entryScripts(request, '/contact'));
  try {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Lan');
    await form.getByLabel('Email').fill('lan@');
    await form.getByLabel('Message').fill(`Xin chào ${marker}`);
    await form.getByRole('button', { name: 'Send message' }).click();
    // Refused by the server, named beside the field, the text kept.
    await expect(form.getByText('Email must be a valid e-mail address')).toBeVisible();
    await expect(form.getByLabel('Message')).toHaveValue(`Xin chào ${marker}`);

    await form.getByLabel('Email').fill('lan@example.com');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Your message have been sent. We will contact you soon. Thank you!')).toBeVisible();
    await expect
      .poll(() => queryDatabase('SELECT email FROM contact_messages WHERE message LIKE $1', [`%${marker}%`]))
      .toEqual([{ email: 'lan@example.com' }]);
  } finally {
    await queryDatabase("DELETE FROM rate_limits WHERE key LIKE 'contact-%'");
  }
});

test("the category edit modal is titled 'Update category', its button 'Update'", async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL('/admin/dashboard');
  await page.getByRole('link', { name: 'View Categories' }).click();
  await page.getByRole('button', { name: 'Sửa Story' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update category' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/Slug/)).toHaveValue('story');
  await expect(dialog.getByRole('button', { name: 'Update' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Add new category' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Create new category' }).getByRole('button', { name: 'Add' }),
  ).toBeVisible();
});

test.describe('social profiles', () => {
  let info: GeneralInfo;

  test.beforeAll(async ({ request }) => {
    [info] = await api<GeneralInfo[]>(request, '/api/generalInfo');
  });

  test.afterAll(async ({ playwright }) => {
    const request = await adminApi(await playwright.request.newContext({ baseURL: E2E_BASE_URL }));
    await request.put(`/api/generalInfo/${info.id}`, { data: { facebook_url: info.facebook_url } });
    await request.dispose();
  });

  test('a profile set in General information appears in the public header and footer, the others do not', async ({
    page,
    browser,
  }) => {
    // The demo site has none: no social links at all (never the networks' home pages).
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toContainText('Copyright 2025');
    await expect(page.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(0);

    await signIn(page);
    await expect(page).toHaveURL('/admin/dashboard');

    await page.getByRole('link', { name: 'General Information' }).click();
    const profiles = page.getByRole('group', { name: 'Social profiles' });
    await profiles.getByLabel('Facebook').fill('http://facebook.com/x');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(profiles.getByText('Facebook must be an https:// address')).toBeVisible();
    await profiles.getByLabel('Facebook').fill(FACEBOOK);
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('The general information has been saved.')).toBeVisible();

    // A visitor (no session: the cached page, invalidated by the save) sees it in the header and footer.
    const visitorContext = await browser.newContext({ baseURL: E2E_BASE_URL });
    const visitor = await visitorContext.newPage();
    const footerLink = visitor.getByRole('contentinfo').getByRole('link', { name: 'Facebook (opens in a new tab)' });
    await expect(async () => {
      await visitor.goto('/');
      await expect(footerLink).toHaveAttribute('href', FACEBOOK, { timeout: 1_000 });
    }).toPass();
    await expect(footerLink).toHaveAttribute('rel', 'me noopener');
    await expect(footerLink).toHaveAttribute('target', '_blank');
    await expect(
      visitor.getByRole('banner').getByRole('link', { name: 'Facebook (opens in a new tab)' }),
    ).toHaveAttribute('href', FACEBOOK);
    await expect(visitor.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(2);
    await visitorContext.close();
  });
});

test.describe('the admin on a phone', () => {
  const PHONE = { width: 390, height: 844 };
  const POST = { title: 'Phone check', slug: 'admin-phone-check' };
  const MARKER = `phone-inbox-${Date.now()}`;
  /** Every admin screen; `rows` when the demo site (and this test) gives its table rows. */
  const SCREENS = [
    { path: '/admin/dashboard' },
    { path: '/admin/view-category', rows: true },
    { path: '/admin/view-post', rows: true },
    { path: '/admin/add-post' },
    { path: '/admin/trash' },
    { path: '/admin/general-info' },
    { path: '/admin/about' },
    { path: '/admin/sitemap' },
    { path: '/admin/users', rows: true },
    { path: '/admin/messages', rows: true },
    { path: '/admin/redirects' },
    { path: '/admin/webhooks' },
    { path: '/admin/import-export' },
    { path: '/admin/profile', rows: true },
  ];
  const paragraphs = (count: number, word: string) =>
    Array.from({ length: count }, (_, i) => `<p>${word} ${i + 1}</p>`).join('');

  test.beforeEach(async () => {
    await removePostsWithSlug(POST.slug);
    await queryDatabase('INSERT INTO contact_messages (name, email, message) VALUES ($1, $2, $3)', [
      'Nguyễn Thị Mai',
      'mai@example.com',
      `Chào anh, em muốn hỏi về khoá học tiếng Anh giao tiếp buổi tối cho người đi làm. ${MARKER}`,
    ]);
  });

  test.afterEach(async () => {
    await removePostsWithSlug(POST.slug);
    await queryDatabase('DELETE FROM contact_messages WHERE message LIKE $1', [`%${MARKER}%`]);
  });

  /** Every element of `locator` lies within the window's width. */
  async function withinWidth(locator: Locator) {
    for (const box of await locator.evaluateAll((elements) => elements.map((el) => el.getBoundingClientRect()))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(PHONE.width);
    }
  }

  test('at 390 px every screen fits, tables keep their actions and text in sight, panels open in view', async ({
    page,
    request,
  }) => {
    // Fifteen screens and an editor on a busy machine.
    test.setTimeout(180_000);
    const id = await createPost(await adminApi(request), {
      title: POST.title,
      slug: POST.slug,
      content: `${paragraphs(12, 'Trước ảnh')}<p><img src="/uploads/demo-da-lat-in-the-rain.jpg" alt="Đà Lạt mưa" /></p>${paragraphs(30, 'Sau ảnh')}`,
    });
    await page.setViewportSize(PHONE);
    await signIn(page);

    for (const screen of [...SCREENS, { path: `/admin/edit-post/${id}` }]) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (screen.rows) await expect(page.locator('.admin-table tbody tr').first()).toBeVisible();
      if (/(add|edit)-post/.test(screen.path)) await expect(page.locator('.rte-toolbar').first()).toBeVisible();
      expect(await horizontalOverflow(page), screen.path).toBeLessThanOrEqual(0);
      await withinWidth(page.locator('.admin-table :is(button, a.admin-button, .admin-message-text)'));
    }
    await page.goto('/admin/messages');
    const message = page.locator('.admin-message-text', { hasText: MARKER });
    await expect(message).toBeVisible();
    await withinWidth(message);
    await withinWidth(page.getByRole('button', { name: 'Xóa Nguyễn Thị Mai' }));

    // The editor: a thumb's worth of toolbar buttons.
    await page.goto(`/admin/edit-post/${id}`);
    const content = page.getByRole('textbox', { name: 'Content', exact: true });
    const editor = page.locator('.rte').filter({ has: content });
    await expect(content).toContainText('Sau ảnh 30');
    const sizes = await editor
      .locator('.rte-toolbar button:visible')
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect()));
    expect(sizes.length).toBeGreaterThan(10);
    for (const size of sizes) expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(44);

    // An image tapped at the bottom of the screen: its details panel opens in sight.
    const image = content.getByRole('img', { name: 'Đà Lạt mưa' });
    await image.evaluate((img) => img.scrollIntoView({ block: 'end' }));
    await image.click();
    const panel = editor.getByRole('dialog', { name: 'Image details' });
    await expect(panel).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');

    // At the top of a long text: a refused upload, then a video whose picture cannot be fetched.
    await content.getByText('Trước ảnh 1', { exact: true }).click();
    const chooser = page.waitForEvent('filechooser');
    await editor.getByRole('button', { name: 'Insert image' }).click();
    await editor.getByRole('menuitem', { name: 'Upload from computer' }).click();
    await (await chooser).setFiles({ name: 'not-a-photo.png', mimeType: 'image/png', buffer: Buffer.from('hello') });
    await expect(editor.locator('.rte-upload-failed')).toBeInViewport({ ratio: 1 });

    await content.getByText('Trước ảnh 1', { exact: true }).click();
    await editor.getByRole('button', { name: 'Video (YouTube or Vimeo)' }).click();
    const form = editor.getByRole('dialog', { name: 'Insert a video' });
    await form.getByLabel('YouTube or Vimeo link').fill('https://youtu.be/dQw4w9WgXcQ');
    await form.getByRole('button', { name: 'Insert' }).click();
    const error = editor.getByRole('alert').filter({ hasText: "The video's picture could not be fetched" });
    await expect(error).toBeVisible({ timeout: 30_000 });
    await expect(error).toBeInViewport({ ratio: 1 });
  });
});
