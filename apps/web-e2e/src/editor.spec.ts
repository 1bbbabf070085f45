import { expect, test, type Dialog, type Locator, type Page } from '@playwright/test';
import type { About } from '@blog/contracts';
import { adminApi, ONE_PIXEL_PNG, removePostsWithSlug, signIn, startNewPost } from './support/admin';
import { E2E_BASE_URL } from './support/server';
import { queryDatabase, WIDTHS } from './support/site';

// The editor defects that once lost an owner's work, each driven as she met it in the admin.

const POST = { title: 'Editor links check', slug: 'editor-links-check' };

/** The test post as stored, if it is. */
const storedPosts = () =>
  queryDatabase<{ id: number; content: string }>('SELECT id, content FROM posts WHERE slug = $1', [POST.slug]);

/** Every prompt the page raises (an unsaved-changes confirm among them), dismissed and kept. */
function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/** The whole editor (toolbar, link form, text) around its editable area. */
const editorAround = (page: Page, text: Locator) => page.locator('.rte').filter({ has: text });

/**
 * Inserts, edits and removes a link in `text` with the keyboard and the mouse; the page never
 * leaves `path` (no reload to `path?`) and what was typed stays. Ends with a link to
 * https://example.org/final on "my site".
 */
async function linkJourney(page: Page, text: Locator, path: string) {
  const editor = editorAround(page, text);
  const url = editor.getByRole('textbox', { name: 'URL' });
  const linkText = editor.getByRole('textbox', { name: 'Text' });

  // Keyboard: Ctrl+K at the end of the text, the address and the words, Enter.
  await text.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Visit ');
  await expect(text).toContainText('Visit');
  await page.keyboard.press('Control+k');
  await expect(url).toBeFocused();
  await url.fill('example.com/first');
  await linkText.fill('my site');
  await linkText.press('Enter');
  const link = text.getByRole('link', { name: 'my site' });
  await expect(link).toHaveAttribute('href', 'https://example.com/first');
  expect(page.url()).toBe(`${E2E_BASE_URL}${path}`);
  await expect(text).toContainText('Visit my site');
  await expect(url).toBeHidden();
  await expect(text).toBeFocused();

  // Escape closes the form without a change and gives the text the focus back.
  await page.keyboard.press('Control+k');
  await expect(editor.getByRole('dialog', { name: 'Insert link' })).toBeVisible();
  await expect(url).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(url).toBeHidden();
  await expect(text).toBeFocused();

  // Mouse: a click in the link (no prompt, no navigation), the Link button, a new address, Save.
  await link.click();
  await editor.getByRole('button', { name: 'Link' }).click();
  await expect(editor.getByRole('dialog', { name: 'Edit link' })).toBeVisible();
  await expect(url).toHaveValue('https://example.com/first');
  await url.fill('https://example.org/second');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(link).toHaveAttribute('href', 'https://example.org/second');

  // Keyboard: Ctrl+K in the link, "Remove link", Enter.
  await link.click();
  await page.keyboard.press('Control+k');
  await expect(url).toHaveValue('https://example.org/second');
  await editor.getByRole('button', { name: 'Remove link' }).focus();
  await page.keyboard.press('Enter');
  await expect(text.getByRole('link')).toHaveCount(0);
  await expect(text).toContainText('Visit my site');

  // Mouse: at the end of the text, the Link button, an address and the words, Apply.
  await text.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' More on ');
  await expect(text).toContainText('More on');
  await editor.getByRole('button', { name: 'Link' }).click();
  await expect(editor.getByRole('dialog', { name: 'Insert link' })).toBeVisible();
  await url.fill('https://example.org/final');
  await linkText.fill('my site');
  await editor.getByRole('button', { name: 'Apply' }).click();
  await expect(text.getByRole('link', { name: 'my site' })).toHaveAttribute('href', 'https://example.org/final');
  expect(page.url()).toBe(`${E2E_BASE_URL}${path}`);
  await expect(text).toContainText('Visit my site More on my site');
}

test.describe('the editor keeps the owner’s work', () => {
  let about: About;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    about = (await (await request.get('/api/about')).json())[0];
    await request.dispose();
  });

  test.afterEach(async ({ playwright }) => {
    await removePostsWithSlug(POST.slug);
    const request = await adminApi(await playwright.request.newContext({ baseURL: E2E_BASE_URL }));
    await request.put(`/api/about/${about.id}`, { data: { content: about.content } });
    await request.dispose();
  });

  test('a link is inserted, edited and removed in the post editor, and the post is saved with it', async ({ page }) => {
    const dialogs = recordDialogs(page);
    const content = await startNewPost(page, POST.title);

    await linkJourney(page, content, '/admin/add-post');
    await expect(page.getByLabel(/^Title/)).toHaveValue(POST.title);
    expect(dialogs).toEqual([]);

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL('/admin/view-post');
    const [saved] = await storedPosts();
    expect(saved.content).toContain('Visit my site More on <a href="https://example.org/final">my site</a>');
  });

  test('a link is inserted, edited and removed in the About editor, and the page is saved with it', async ({
    page,
  }) => {
    const dialogs = recordDialogs(page);
    await signIn(page);
    await page.goto('/admin/about');
    const content = page.getByRole('textbox', { name: /Content/ });

    await linkJourney(page, content, '/admin/about');
    expect(dialogs).toEqual([]);

    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();
    const [saved] = (await (await page.request.get('/api/about')).json()) as About[];
    expect(saved.content).toContain('Visit my site More on <a href="https://example.org/final">my site</a>');
  });

  test('typing right after inserting an image goes on in a line below it', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/about');
    const content = page.getByRole('textbox', { name: /Content/ });
    const editor = editorAround(page, content);
    await content.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Above the photo');

    // As the owner does it: the toolbar's Insert image menu, Upload from computer and the file chooser.
    const chooser = page.waitForEvent('filechooser');
    await editor.getByRole('button', { name: 'Insert image' }).click();
    await editor.getByRole('menuitem', { name: 'Upload from computer' }).click();
    await (await chooser).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    const image = content.locator('img[src^="/uploads/"]');
    // The server converts the image first: on a loaded 2-core machine that can take a while.
    await expect(image).toHaveCount(1, { timeout: 60_000 });
    await expect(content).toBeFocused();
    await page.keyboard.type('Below the photo');

    // The text is in a paragraph of its own after the image's.
    const below = content.locator('p', { hasText: 'Below the photo' });
    await expect(below).toHaveText('Below the photo');
    await expect(content.locator('p').filter({ has: page.locator('img[src^="/uploads/"]') })).toHaveText(
      'Above the photo',
    );
    expect(await below.evaluate((p) => p.previousElementSibling?.querySelector('img') !== null)).toBe(true);
  });

  for (const [name, width] of Object.entries(WIDTHS)) {
    test(`the Text style dropdown shows its whole label on a ${name} (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page);
      await page.goto('/admin/about');
      const content = page.getByRole('textbox', { name: /Content/ });
      const style = editorAround(page, content).getByRole('combobox', { name: 'Text style' });
      for (const label of ['Normal', 'Heading 1', 'Heading 6']) {
        await style.selectOption({ label });
        await expect(style).toHaveValue(label === 'Normal' ? '0' : label.slice(-1));
        // Nothing cut off at the bottom, and at least as wide as the same select left to its own
        // width (which the browser makes wide enough for its longest label).
        const fit = await style.evaluate((select: HTMLSelectElement) => {
          const natural = select.cloneNode(true) as HTMLSelectElement;
          natural.style.width = 'max-content';
          natural.style.minWidth = '0';
          natural.style.maxWidth = 'none';
          natural.style.position = 'absolute';
          natural.style.visibility = 'hidden';
          select.after(natural);
          const needed = natural.getBoundingClientRect().width;
          natural.remove();
          return {
            width: select.getBoundingClientRect().width,
            needed,
            clientHeight: select.clientHeight,
            scrollHeight: select.scrollHeight,
          };
        });
        expect(fit.scrollHeight).toBeLessThanOrEqual(fit.clientHeight);
        expect(fit.width).toBeGreaterThanOrEqual(fit.needed - 0.5);
      }
    });
  }

  test('a click on a link in the text neither prompts nor navigates', async ({ page }) => {
    const request = await adminApi(page.request);
    await request.put(`/api/about/${about.id}`, {
      data: { content: '<p>See the <a href="/contact">contact page</a></p>' },
    });
    const dialogs = recordDialogs(page);
    await signIn(page);
    await page.goto('/admin/about');
    const content = page.getByRole('textbox', { name: /Content/ });
    const link = content.getByRole('link', { name: 'contact page' });
    await expect(link).toHaveAttribute('href', '/contact');
    // Unsaved changes: a real link away would ask now; the one in the text must not.
    await content.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' now');
    await expect(content).toContainText('contact page now');

    await link.click();
    await expect(content).toBeFocused();
    await page.keyboard.type('!');
    await expect(content).toContainText('!');
    expect(page.url()).toBe(`${E2E_BASE_URL}/admin/about`);
    expect(dialogs).toEqual([]);
  });
});
