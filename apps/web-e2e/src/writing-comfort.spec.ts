import { expect, test } from '@playwright/test';
import { removePostsWithSlug, startNewPost } from './support/admin';
import { queryDatabase } from './support/site';

// Markdown shortcuts and the slash menu typed as a writer types them, full screen
// filling the window (Escape leaves), the word count following the text.

const POST = { title: 'Writing comfort check', slug: 'writing-comfort-check' };

test.describe('writing comfort', () => {
  test.beforeEach(async () => {
    await removePostsWithSlug(POST.slug);
  });

  test.afterEach(async () => {
    await removePostsWithSlug(POST.slug);
  });

  test('Markdown shortcuts, the slash menu, full screen and the word count', async ({ page }) => {
    const content = await startNewPost(page, POST.title);
    const editor = page.locator('.rte').filter({ has: content });
    await content.click();
    await page.keyboard.type('## Thì quá khứ');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- go, went');
    await page.keyboard.press('Enter');
    await page.keyboard.type('eat, ate');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('> Practice every day');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('---');
    await expect(content.locator('hr')).toHaveCount(1);

    // The slash menu: filtered by a Vietnamese name, picked with Enter.
    await page.keyboard.type('/');
    const menu = editor.getByRole('listbox', { name: 'Insert a block' });
    await expect(menu).toBeVisible();
    await page.keyboard.type('thơ');
    await expect(menu.getByRole('option')).toHaveText(['Poem']);
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await page.keyboard.type('Quê hương');
    await expect(editor.getByText('12 words · 1 min read')).toBeVisible();

    // Full screen: the editor fills the window; Escape gives the page back, the text kept.
    await editor.getByRole('button', { name: 'Full screen' }).click();
    const viewport = page.viewportSize() ?? { width: 0, height: 0 };
    const box = (await editor.boundingBox()) ?? { x: -1, y: -1, width: 0, height: 0 };
    expect(box).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
    await expect(editor.getByRole('toolbar', { name: 'Formatting' })).toBeInViewport();
    await content.click();
    await page.keyboard.press('Escape');
    await expect(editor).not.toHaveClass(/rte-fullscreen/);
    await expect(page.getByLabel(/^Title/)).toBeInViewport();

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL('/admin/view-post');
    const [saved] = await queryDatabase<{ content: string }>('SELECT content FROM posts WHERE slug = $1', [POST.slug]);
    expect(saved.content).toBe(
      '<h2>Thì quá khứ</h2><ul><li>go, went</li><li>eat, ate</li></ul><blockquote>Practice every day</blockquote>' +
        '<hr /><div class="poem"><p class="poem-line">Quê hương</p></div>',
    );
  });
});
