import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { startNewPost } from './support/admin';
import { queryDatabase } from './support/site';

// Photos as they come from phones and cameras, several chosen at once in the
// editor, each with its own progress bar and its own error.

const HEIC = readFileSync(join(__dirname, '../../../libs/api/uploads/src/lib/fixtures/photo-300x200.heic'));

/** A 48-megapixel photo as a current phone camera writes it (8000×6000; plain colour, so small to send). */
const photo48 = () =>
  sharp({ create: { width: 8000, height: 6000, channels: 3, background: { r: 60, g: 130, b: 200 } } })
    .jpeg({ quality: 90 })
    .toBuffer();

test('the owner chooses three photos at once: a 48 MP JPEG and an iPhone HEIC go in, a broken file is named with its reason', async ({
  page,
}) => {
  const content = await startNewPost(page, 'Photos from the trip');
  const editor = page.locator('.rte').filter({ has: content });
  await content.click();
  await page.keyboard.type('The trip');

  const chooser = page.waitForEvent('filechooser');
  await editor.getByRole('button', { name: 'Insert image' }).click();
  await editor.getByRole('menuitem', { name: 'Upload from computer' }).click();
  await (
    await chooser
  ).setFiles([
    { name: 'PXL_0001.jpg', mimeType: 'image/jpeg', buffer: await photo48() },
    // Chromium on Linux gives a .heic no MIME type.
    { name: 'IMG_0042.HEIC', mimeType: '', buffer: HEIC },
    { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all') },
  ]);

  // Each file has its own line; the 48 MP photo's bar stays while the server downscales it.
  const list = editor.getByRole('list', { name: 'Image uploads' });
  await expect(list).toBeVisible();
  await expect(list.getByRole('progressbar', { name: 'Uploading PXL_0001.jpg' })).toBeVisible();

  // The two photos are in the text, in the order chosen; the broken file is named with its reason.
  const images = content.locator('img[src^="/uploads/"]');
  await expect(images).toHaveCount(2, { timeout: 60_000 });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText(
    'notes.jpg' + 'not added: Only PNG, JPEG, GIF, WebP, AVIF or HEIC images are accepted',
  );
  await expect(editor.getByRole('alert')).toContainText('Image upload failed. notes.jpg: Only PNG, JPEG, GIF');

  // Both stored as JPEG: the 48 MP photo at 2560 px on its long edge, its own size recorded.
  const names = await images.evaluateAll((elements) =>
    elements.map((element) => (element.getAttribute('src') ?? '').replace('/uploads/', '')),
  );
  const rows = await queryDatabase<{ name: string; width: number; height: number; original_width: number }>(
    'SELECT name, width, height, original_width FROM uploads WHERE name = ANY($1)',
    [names],
  );
  const byName = new Map(rows.map((row) => [row.name, row]));
  expect(names.every((name) => name.endsWith('.jpg'))).toBe(true);
  expect(byName.get(names[0])).toMatchObject({ width: 2560, height: 1920, original_width: 8000 });
  expect(byName.get(names[1])).toMatchObject({ width: 300, height: 200, original_width: 300 });

  // The owner dismisses the message: the failed line goes with it.
  await editor.getByRole('button', { name: 'Dismiss message' }).click();
  await expect(list).toHaveCount(0);
});
