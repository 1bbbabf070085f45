import { expect, test } from '@playwright/test';
import type { PostDetail } from '@blog/contracts';
import { api, DEMO, WIDTHS } from './support/site';

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
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(variant);
  // Loaded (its natural width is the 480 pixels drawn at the 360 the page shows).
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(360);
  expect(requested).toContain(variant);
  expect(requested).not.toContain(original);
});
