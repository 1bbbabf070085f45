import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { removePostsWithSlug, startNewPost } from './support/admin';
import { queryDatabase, structuredData } from './support/site';

// An audio clip uploaded into a post (by its bytes, stored like images), shown to
// visitors as the browser's own player that fetches nothing before play, then byte ranges.

const POST = { title: 'Audio check', slug: 'audio-check' };
/** 20 silent MP3 frames after an ID3 tag (see libs/api/uploads/src/lib/fixtures/README.md). */
const CLIP = join(__dirname, '../../../libs/api/uploads/src/lib/fixtures/silence.mp3');

test.describe('audio clips', () => {
  test.beforeEach(async () => {
    await removePostsWithSlug(POST.slug);
  });

  test.afterEach(async () => {
    await removePostsWithSlug(POST.slug);
  });

  test('a clip inserted from the slash menu is published as a player that loads nothing before play, then ranges', async ({
    page,
  }) => {
    const content = await startNewPost(page, POST.title);
    const editor = page.locator('.rte').filter({ has: content });
    await content.click();
    await page.keyboard.type('Nghe và nhắc lại');
    await page.keyboard.press('Enter');
    // By keyboard: "/audio" and Enter open the file chooser.
    await page.keyboard.type('/audio');
    const menu = editor.getByRole('listbox', { name: 'Insert a block' });
    await expect(menu.getByRole('option')).toHaveText(['Audio']);
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(CLIP);
    const player = content.locator('figure.audio audio');
    await expect(player).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]+\.mp3$/);
    // By mouse: the caption.
    await editor.getByRole('textbox', { name: 'Audio caption' }).click();
    await page.keyboard.type('Bài nghe 1');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL('/admin/view-post');
    const [saved] = await queryDatabase<{ content: string }>('SELECT content FROM posts WHERE slug = $1', [POST.slug]);
    expect(saved.content).toMatch(
      /<figure class="audio"><audio controls preload="none" src="\/uploads\/[0-9a-f-]+\.mp3"><\/audio><figcaption>Bài nghe 1<\/figcaption><\/figure>/,
    );

    // A visitor: the player, server-rendered; nothing of the clip is fetched until play.
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const clipUrls = () => requested.filter((url) => /\/uploads\/[^/]+\.mp3$/.test(url));
    await page.goto(`/${POST.slug}`);
    const published = page.locator('article.post figure.audio audio[preload="none"][controls]');
    await expect(published).toHaveCount(1);
    await expect(page.locator('article.post figure.audio figcaption')).toHaveText('Bài nghe 1');
    const results = await new AxeBuilder({ page }).include('article.post').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual(
      [],
    );
    expect(clipUrls()).toEqual([]);

    // Played: the browser asks for a byte range, answered 206 (the same bytes as uploaded).
    const clipResponse = page.waitForResponse((response) => /\/uploads\/[^/]+\.mp3$/.test(response.url()));
    await published.evaluate((audio: HTMLAudioElement) => audio.play().catch(() => undefined));
    const answer = await clipResponse;
    expect(answer.request().headers()['range']).toMatch(/^bytes=0-/);
    expect(answer.status()).toBe(206);
    expect(answer.headers()['content-range']).toMatch(/^bytes 0-\d+\/\d+$/);
    const src = (await published.getAttribute('src')) ?? '';
    const whole = await page.request.get(src);
    expect(Buffer.from(await whole.body()).equals(readFileSync(CLIP))).toBe(true);
  });

  test("a vocabulary word's pronunciation plays beside it, with its name, and the term set stays valid", async ({
    page,
  }) => {
    const content = await startNewPost(page, POST.title);
    const editor = page.locator('.rte').filter({ has: content });
    await content.click();
    await page.keyboard.type('Từ vựng');
    await page.keyboard.press('Enter');
    await editor.getByRole('button', { name: 'Vocabulary' }).click();
    await editor.getByRole('textbox', { name: 'Word 1' }).fill('sunrise');
    await editor.getByRole('textbox', { name: 'Meaning (Vietnamese) 1' }).fill('bình minh');
    const chooser = page.waitForEvent('filechooser');
    await editor.getByRole('button', { name: 'Add pronunciation 1' }).click();
    await (await chooser).setFiles(CLIP);
    await expect(editor.getByLabel('Pronunciation of sunrise')).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]+\.mp3$/);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL('/admin/view-post');
    const [saved] = await queryDatabase<{ content: string }>('SELECT content FROM posts WHERE slug = $1', [POST.slug]);
    expect(saved.content).toMatch(
      /<dt><span class="vocabulary-word" lang="en">sunrise<\/span> <audio class="vocabulary-audio" controls preload="none" src="\/uploads\/[0-9a-f-]+\.mp3" aria-label="Pronunciation of sunrise"><\/audio><\/dt>/,
    );

    await page.goto(`/${POST.slug}`);
    const player = page.locator('article.post .vocabulary-entry dt audio.vocabulary-audio[preload="none"][controls]');
    await expect(player).toHaveAttribute('aria-label', 'Pronunciation of sunrise');
    // Narrowed to its play button beside the word.
    expect((await player.boundingBox())?.width ?? 0).toBeLessThan(80);
    expect((await structuredData(page)).find((data) => data['@type'] === 'DefinedTermSet')).toMatchObject({
      hasDefinedTerm: [{ '@type': 'DefinedTerm', name: 'sunrise', description: 'bình minh' }],
    });
    const results = await new AxeBuilder({ page }).include('article.post').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual(
      [],
    );
  });
});
