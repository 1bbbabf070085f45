import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { removePostsWithSlug, startNewPost } from './support/admin';
import { E2E_BASE_URL } from './support/server';
import { queryDatabase, recordCspViolations, recordExternalRequests } from './support/site';

// A YouTube video inserted from the toolbar shows on the public page as a facade;
// nothing loads from the video host before the visitor plays it, then the privacy-enhanced player does,
// allowed by the page's Content-Security-Policy.

const POST = { title: 'Video check', slug: 'video-check' };
const ID = 'dQw4w9WgXcQ';
const PLAYER = `https://www.youtube-nocookie.com/embed/${ID}?autoplay=1`;

test.describe('videos', () => {
  test.beforeEach(async () => {
    await removePostsWithSlug(POST.slug);
  });

  test.afterEach(async () => {
    await removePostsWithSlug(POST.slug);
  });

  test('a YouTube link becomes a video that loads nothing from YouTube until it is played', async ({
    page,
    browser,
  }) => {
    const content = await startNewPost(page, POST.title);
    const editor = page.locator('.rte').filter({ has: content });
    await content.click();
    await page.keyboard.type('Hội An by night');
    await page.keyboard.press('Enter');
    await editor.getByRole('button', { name: 'Video (YouTube or Vimeo)' }).click();
    const form = editor.getByRole('dialog', { name: 'Insert a video' });
    await form.getByLabel('YouTube or Vimeo link').fill('https://example.com/clip.mp4');
    await form.getByLabel('YouTube or Vimeo link').press('Enter');
    await expect(form.getByRole('alert')).toContainText('Only YouTube and Vimeo links can be embedded');
    await form.getByLabel('YouTube or Vimeo link').fill(`https://youtu.be/${ID}`);
    await form.getByRole('button', { name: 'Insert' }).click();
    await expect(editor.locator('figure.video')).toHaveCount(1);
    // This machine has no way out: the thumbnail cannot be fetched, and the writer is told so.
    await expect(editor.getByRole('alert')).toContainText("The video's picture could not be fetched", {
      timeout: 30_000,
    });
    await editor.getByRole('textbox', { name: 'Video title' }).fill('Phố cổ Hội An');
    await editor.getByRole('textbox', { name: 'Video caption' }).fill('Quay tháng 9');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL('/admin/view-post');
    const [saved] = await queryDatabase<{ content: string }>('SELECT content FROM posts WHERE slug = $1', [POST.slug]);
    expect(saved.content).toContain(
      `<figure class="video" data-provider="youtube" data-id="${ID}"><a class="video-play" href="https://www.youtube.com/watch?v=${ID}">` +
        '<span class="video-title">Phố cổ Hội An</span></a><figcaption>Quay tháng 9</figcaption></figure>',
    );

    // A visitor: the facade only; the player (answered here by a stand-in) once the video is played.
    const context = await browser.newContext({ baseURL: E2E_BASE_URL });
    const visitor = await context.newPage();
    const external = recordExternalRequests(visitor);
    const violations = await recordCspViolations(visitor);
    await visitor.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>player</title><p>playing</p>' }),
    );
    await visitor.goto(`/${POST.slug}`);
    const video = visitor.locator('article.post figure.video');
    const play = video.getByRole('link', { name: 'Phố cổ Hội An' });
    await expect(play).toBeVisible();
    await expect(video.locator('figcaption')).toHaveText('Quay tháng 9');
    const box = (await play.boundingBox()) ?? { width: 0, height: 1 };
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    // Everything the page loads by itself (its images, scripts and their chunks) has been asked for.
    await visitor.waitForLoadState('load');
    expect(external.filter((url) => /youtube|ytimg|vimeo/.test(url))).toEqual([]);
    expect(await visitor.locator('iframe').count()).toBe(0);
    const results = await new AxeBuilder({ page: visitor })
      .include('article.post')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual(
      [],
    );

    await play.focus();
    await visitor.keyboard.press('Enter');
    const frame = video.locator('iframe.video-frame');
    await expect(frame).toHaveAttribute('src', PLAYER);
    await expect(frame).toHaveAttribute('title', 'Phố cổ Hội An');
    await expect(visitor.frameLocator('iframe.video-frame').getByText('playing')).toBeVisible();
    expect(external).toContain(PLAYER);
    expect(violations).toEqual([]);
    await context.close();
  });
});
