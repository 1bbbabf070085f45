import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { HomeData, PostDetail } from '@blog/contracts';
import { adminApi, createPost, removePostsWithSlug } from './support/admin';
import { api, DEMO, WIDTHS } from './support/site';

/** A demo photo, 800 × 500. */
const DEMO_PHOTO = join(__dirname, '../../../libs/api/seed/src/lib/assets/demo-da-lat-in-the-rain.jpg');

test('a post page at a phone width loads a 480-pixel AVIF variant of the thumbnail, not the original', async ({
  page,
  request,
}) => {
  const post = await api<PostDetail>(request, `/api/homeData/${DEMO.storyPost}`);
  const original = `/uploads/${String(post.thumbnail)}`;
  const variant = original.replace(/\.\w+$/, '-480.avif');
  const requested: string[] = [];
  page.on('request', (sent) => requested.push(new URL(sent.url()).pathname));

  await page.setViewportSize({ width: WIDTHS.phone, height: 900 });
  await page.goto(`/${DEMO.storyPost}`);
  const thumbnail = page.getByRole('img', { name: post.title });
  await expect(thumbnail).toHaveAttribute('width', '800');
  await expect(thumbnail).toHaveAttribute('height', '500');
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname))
    .toBe(variant);
  // Loaded (its natural width is the 480 pixels drawn at the 360 the page shows).
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(360);
  expect(requested).toContain(variant);
  expect(requested).not.toContain(original);
});

test('the cards of the home page at a phone width load 480-pixel AVIF variants of their thumbnails', async ({
  page,
  request,
}) => {
  const home = await api<HomeData>(request, '/api/homeData');
  const first = home.posts[0];
  expect(first.thumbnail_width).toBeGreaterThan(480);

  await page.setViewportSize({ width: WIDTHS.phone, height: 900 });
  await page.goto('/');
  const image = page.locator('.post-card__image img').first();
  await expect(image).toHaveAttribute('width', String(first.thumbnail_width));
  await expect(image).toHaveAttribute('height', String(first.thumbnail_height));
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname))
    .toBe(`/uploads/${String(first.thumbnail).replace(/\.\w+$/, '-480.avif')}`);
});

test.describe('images in the text of a post', () => {
  const POST = { title: 'Images in the text check', slug: 'images-in-the-text-check' };

  test.afterEach(async () => {
    await removePostsWithSlug(POST.slug);
  });

  test('are served as responsive pictures with their size, loaded lazily; the editor still gets the stored text', async ({
    page,
    playwright,
  }) => {
    const admin = await adminApi(await playwright.request.newContext());
    const uploaded = await admin.post('/api/upload', {
      multipart: { image: { name: 'rain.jpg', mimeType: 'image/jpeg', buffer: readFileSync(DEMO_PHOTO) } },
    });
    expect(uploaded.ok()).toBe(true);
    const name = await uploaded.text();
    const content = `<p>Rain came in the afternoon.</p><p><img src="/uploads/${name}" alt="Rain over the market"></p>`;
    const id = await createPost(admin, { ...POST, content });
    // The admin's read (the editor's) is the text as stored.
    const stored = ((await (await admin.get(`/api/posts/${id}`)).json()) as { content: string }).content;
    expect(stored).toContain(`<img src="/uploads/${name}" alt="Rain over the market"`);
    expect(stored).not.toMatch(/<picture|loading=/);
    await admin.dispose();

    await page.setViewportSize({ width: WIDTHS.phone, height: 700 });
    await page.goto(`/${POST.slug}`);
    const image = page.getByRole('img', { name: 'Rain over the market' });
    await expect(image).toHaveAttribute('loading', 'lazy');
    await expect(image).toHaveAttribute('width', '800');
    await expect(image).toHaveAttribute('height', '500');
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname))
      .toBe(`/uploads/${name.replace(/\.\w+$/, '-480.avif')}`);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });
});
