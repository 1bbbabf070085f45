import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { removePostsWithSlug, startNewPost } from './support/admin';
import { queryDatabase } from './support/site';
import { GHOST_FIXTURES, skipWithoutThirdPartyFixtures } from './support/third-party-fixtures';

// A trip's photos chosen together become a gallery; visitors see the grid and open a
// photo in a lightbox they can use with the keyboard or a swipe, whose code loads only when a photo is opened.

skipWithoutThirdPartyFixtures(__filename);

const POST = { title: 'Gallery check', slug: 'gallery-check' };
/** Real photos no one here took (the Ghost export's images). */
const PHOTOS = ['da-lat-hoa-da-quy.jpg', 'hoang-hon-mui-ne.jpg', 'hoang-hon-vung-tau.jpg'].map((name) =>
  join(GHOST_FIXTURES, 'content/images/2026/11', name),
);

test.describe('galleries', () => {
  test.beforeEach(async () => {
    await removePostsWithSlug(POST.slug);
  });

  test.afterEach(async () => {
    await removePostsWithSlug(POST.slug);
  });

  test('photos chosen together make a gallery that opens in a keyboard-friendly lightbox', async ({ page }) => {
    // Three photos converted, then the lightbox at two widths, on a busy machine.
    test.setTimeout(150_000);
    const content = await startNewPost(page, POST.title);
    const editor = page.locator('.rte').filter({ has: content });
    await content.click();
    await page.keyboard.type('Ba thành phố');
    await page.keyboard.press('Enter');
    const chooser = page.waitForEvent('filechooser');
    await editor.getByRole('button', { name: 'Insert image' }).click();
    await editor.getByRole('menuitem', { name: 'Gallery from computer' }).click();
    await (await chooser).setFiles(PHOTOS);
    // The server converts each photo first: on a loaded 2-core machine that can take a while.
    await expect(content.locator('.gallery-item img')).toHaveCount(3, { timeout: 90_000 });
    await editor.getByRole('textbox', { name: 'Alt text 1' }).fill('Hoa dã quỳ ở Đà Lạt');
    await editor.getByRole('textbox', { name: 'Caption 1' }).fill('Đà Lạt, tháng 11');
    await editor.getByRole('textbox', { name: 'Alt text 2' }).fill('Hoàng hôn ở Mũi Né');
    await editor.getByRole('textbox', { name: 'Alt text 3' }).fill('Hoàng hôn ở Vũng Tàu');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL('/admin/view-post');
    const [saved] = await queryDatabase<{ content: string }>('SELECT content FROM posts WHERE slug = $1', [POST.slug]);
    expect(saved.content).toMatch(
      /<div class="gallery"><figure class="gallery-item"><a href="\/uploads\/[^"]+"><img src="\/uploads\/[^"]+" alt="Hoa dã quỳ ở Đà Lạt" \/><\/a><figcaption>Đà Lạt, tháng 11<\/figcaption><\/figure>/,
    );

    // A visitor: the grid; no lightbox code until a photo is opened.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`/${POST.slug}`);
    const gallery = page.locator('article.post .gallery');
    await expect(gallery.locator('.gallery-item')).toHaveCount(3);
    const results = await new AxeBuilder({ page }).include('article.post').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual(
      [],
    );
    const before = scripts.length;
    await gallery.getByRole('link', { name: 'Hoàng hôn ở Mũi Né' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Photo 2 of 3' });
    await expect(dialog).toBeVisible();
    expect(scripts.length).toBeGreaterThan(before);
    await expect(dialog.getByRole('img', { name: 'Hoàng hôn ở Mũi Né' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: 'Photo 3 of 3' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: 'Photo 1 of 3' })).toContainText('Đà Lạt, tháng 11');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(gallery.getByRole('link', { name: 'Hoa dã quỳ ở Đà Lạt' })).toBeFocused();

    // On a phone: the photo at least as wide as on the page, from a variant the width of the screen
    // (not the original), and a swipe to the left shows the next one.
    await page.setViewportSize({ width: 390, height: 844 });
    const first = gallery.getByRole('link', { name: 'Hoa dã quỳ ở Đà Lạt' });
    const inPage = (await first.locator('img').boundingBox())?.width ?? Infinity;
    await first.click();
    const photo = page.getByRole('dialog', { name: 'Photo 1 of 3' }).getByRole('img');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeTruthy();
    const shown = await photo.evaluate((img: HTMLImageElement) => ({
      src: img.currentSrc,
      // What object-fit: contain draws of it.
      width: Math.min(img.clientWidth, (img.clientHeight * img.naturalWidth) / img.naturalHeight),
    }));
    expect(shown.width).toBeGreaterThanOrEqual(inPage);
    expect(shown.src).toMatch(/\/uploads\/[^/]+-\d+\.(avif|webp)$/);
    const touch = await page.context().newCDPSession(page);
    for (const [type, x] of [
      ['touchStart', 320],
      ['touchMove', 260],
      ['touchMove', 180],
      ['touchMove', 100],
      ['touchEnd', 100],
    ] as const) {
      await touch.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: 420 }] });
    }
    await expect(page.getByRole('dialog', { name: 'Photo 2 of 3' })).toBeVisible();
    await touch.detach();
  });
});
