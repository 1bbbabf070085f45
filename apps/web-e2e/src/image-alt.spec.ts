import { expect, test, type Page } from '@playwright/test';
import { MISSING_ALT_TEXT_HINT } from '@blog/contracts';
import { ONE_PIXEL_PNG, removePostsWithSlug, startNewPost } from './support/admin';
import { E2E_BASE_URL } from './support/server';
import { queryDatabase } from './support/site';

// Alt text for a post's thumbnail and for the images in its text, and captions, set by the
// owner in the admin and seen by visitors (and link previews) on the public page.

const POST = { title: 'Alt text check', slug: 'alt-text-check' };
const THUMBNAIL_ALT = 'Lanterns over the Thu Bồn river at dusk';
const IMAGE_ALT = 'A bowl of cao lầu noodles';
const CAPTION = 'Cao lầu, only in Hội An';

const storedPosts = () =>
  queryDatabase<{ id: number; content: string; thumbnail_alt: string }>(
    'SELECT id, content, thumbnail_alt FROM posts WHERE slug = $1',
    [POST.slug],
  );

const editorOf = (page: Page) =>
  page.locator('.rte').filter({ has: page.getByRole('textbox', { name: 'Content', exact: true }) });

test.describe('image alt text and captions', () => {
  test.afterEach(async () => {
    await removePostsWithSlug(POST.slug);
  });

  test('the owner describes the thumbnail and an image of the text, captions it, and visitors get both', async ({
    page,
  }) => {
    const content = await startNewPost(page, POST.title);

    // The thumbnail, then its alt text (asked once there is an image to describe).
    await expect(page.getByLabel('Thumbnail alt text')).toHaveCount(0);
    await page
      .getByLabel('Thumbnail', { exact: true })
      .setInputFiles({ name: 'lanterns.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await expect(page.getByRole('img', { name: 'Thumbnail (current)' })).toBeVisible();
    await page.getByLabel('Thumbnail alt text').fill(THUMBNAIL_ALT);

    // An image in the text, between two lines.
    const editor = editorOf(page);
    await content.click();
    await page.keyboard.type('Before the photo');
    const chooser = page.waitForEvent('filechooser');
    await editor.getByRole('button', { name: 'Insert image' }).click();
    await editor.getByRole('menuitem', { name: 'Upload from computer' }).click();
    await (await chooser).setFiles({ name: 'noodles.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    const image = content.locator('img[src^="/uploads/"]');
    await expect(image).toHaveCount(1);
    await expect(content).toBeFocused();
    await page.keyboard.type('After the photo');

    // The mouse: a click on the image opens its panel, which says it has no alt text yet.
    const panel = editor.getByRole('dialog', { name: 'Image details' });
    await image.click();
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(MISSING_ALT_TEXT_HINT);
    await panel.getByLabel('Alt text').click();
    await page.keyboard.type(IMAGE_ALT);
    await expect(panel).not.toContainText(MISSING_ALT_TEXT_HINT);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(content).toBeFocused();
    await expect(image).toHaveAttribute('alt', IMAGE_ALT);

    // The keyboard: the cursor is right after the image; Left selects it, Tab goes into its panel,
    // Tab again to the caption, Enter closes it with the focus back in the text.
    await page.keyboard.press('ArrowLeft');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(panel.getByLabel('Alt text')).toBeFocused();
    await expect(panel.getByLabel('Alt text')).toHaveValue(IMAGE_ALT);
    await page.keyboard.press('Tab');
    await expect(panel.getByLabel('Caption')).toBeFocused();
    await page.keyboard.type(CAPTION);
    await page.keyboard.press('Enter');
    await expect(panel).toBeHidden();
    await expect(content).toBeFocused();
    expect(page.url()).toBe(`${E2E_BASE_URL}/admin/add-post`);
    await expect(content.locator('figure figcaption')).toHaveText(CAPTION);
    await expect(content.locator('figure img')).toHaveAttribute('alt', IMAGE_ALT);

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL('/admin/view-post');
    const [saved] = await storedPosts();
    expect(saved.thumbnail_alt).toBe(THUMBNAIL_ALT);
    expect(saved.content).toMatch(
      new RegExp(
        `^<p>Before the photo</p><figure><img src="/uploads/[^"]+" alt="${IMAGE_ALT}" /><figcaption>${CAPTION}</figcaption></figure><p>After the photo</p>$`,
      ),
    );

    // The public page: the thumbnail's alt, the link preview's, the image's alt and its caption.
    await page.goto(`/${POST.slug}`);
    await expect(page.locator('.post__thumbnail img, img.post__thumbnail')).toHaveAttribute('alt', THUMBNAIL_ALT);
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', THUMBNAIL_ALT);
    await expect(page.locator('meta[name="twitter:image:alt"]')).toHaveAttribute('content', THUMBNAIL_ALT);
    const figure = page.locator('article figure');
    await expect(figure.locator('img')).toHaveAttribute('alt', IMAGE_ALT);
    await expect(figure.locator('figcaption')).toHaveText(CAPTION);
    await expect(page.getByRole('img', { name: IMAGE_ALT })).toBeVisible();

    // Back in the admin, the post shows them again.
    await page.goto(`/admin/edit-post/${saved.id}`);
    await expect(page.getByLabel('Thumbnail alt text')).toHaveValue(THUMBNAIL_ALT);
    const reopened = page.getByRole('textbox', { name: 'Content', exact: true });
    await expect(reopened.locator('figure figcaption')).toHaveText(CAPTION);
    await reopened.locator('figure img').click();
    await expect(panel.getByLabel('Alt text')).toHaveValue(IMAGE_ALT);
    await expect(panel.getByLabel('Caption')).toHaveValue(CAPTION);
  });
});
