import { expect, test } from '@playwright/test';
import type { CategoryPostsPage, PostDetail, PostLink } from '@blog/contracts';
import { api, DEMO, WIDTHS } from './support/site';

for (const [device, width] of [
  ['phone', WIDTHS.phone],
  ['desktop', WIDTHS.desktop],
] as const) {
  test(`a visitor goes from home to a category to a post and back (${device}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const story = await api<CategoryPostsPage>(request, '/api/gst-postsByCategory/story/1');
    const post = story.posts[0];
    await page.setViewportSize({ width, height: 900 });

    await page.goto('/');
    await page
      .getByRole('region', { name: 'Topics' })
      .getByRole('link', { name: /^Story/ })
      .click();
    await expect(page).toHaveURL('/category/story');
    await expect(page).toHaveTitle('Story');
    await expect(page.getByRole('heading', { level: 1, name: 'Story' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Home\s*›?\s*Story/);
    await expect(page.getByRole('article').getByRole('heading')).toHaveText(story.posts.map((p) => p.title));

    await page.getByRole('link', { name: post.title }).click();
    await expect(page).toHaveURL(`/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('listitem')).toHaveText(['Home', 'Story', post.title]);

    await breadcrumb.getByRole('link', { name: 'Story' }).click();
    await expect(page).toHaveURL('/category/story');
    await expect(page.getByRole('heading', { level: 1, name: 'Story' })).toBeVisible();
  });
}

test('a post page: thumbnail, author and date, content, sidebar and head tags from the post', async ({
  page,
  request,
}) => {
  const post = await api<PostDetail>(request, `/api/homeData/${DEMO.storyPost}`);
  const recent = await api<PostLink[]>(request, '/api/randomPosts');
  await page.goto(`/${DEMO.storyPost}`);

  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(page).toHaveTitle(post.meta_title);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', post.meta_description);
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', post.meta_keywords);

  const thumbnail = page.getByRole('img', { name: post.title });
  await expect(thumbnail).toHaveAttribute('src', `/uploads/${post.thumbnail}`);
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText(/^By Phương · \w+ \d{2}, \d{4}$/)).toBeVisible();
  await expect(page.locator('.post .rich-text p').first()).toBeVisible();

  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByRole('region', { name: 'Categories' }).getByRole('link')).toHaveCount(6);
  await expect(sidebar.getByRole('region', { name: 'Recent Posts' }).getByRole('link')).toHaveText(
    recent.map((p) => p.title),
  );
});

test('SEO and computing posts show no thumbnail and no author line; WordPress posts no thumbnail', async ({ page }) => {
  await page.goto(`/${DEMO.seoPost}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.post__thumbnail')).toHaveCount(0);
  await expect(page.locator('.post__byline')).toHaveCount(0);

  await page.goto(`/${DEMO.wordpressPost}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.post__thumbnail')).toHaveCount(0);
  await expect(page.locator('.post__byline')).toBeVisible();
});

test('the sidebar categories load as full pages, the recent posts in place', async ({ page }) => {
  await page.goto(`/${DEMO.storyPost}`);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const mark = () => page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const sameDocument = () => page.evaluate(() => 'sameDocument' in window);

  await mark();
  await sidebar.getByRole('link', { name: 'Poem' }).click();
  await expect(page).toHaveURL('/category/poem');
  await expect(page.getByRole('heading', { level: 1, name: 'Poem' })).toBeVisible();
  expect(await sameDocument()).toBe(false);

  await page.goto(`/${DEMO.storyPost}`);
  await mark();
  const first = sidebar.getByRole('region', { name: 'Recent Posts' }).getByRole('link').first();
  const title = await first.textContent();
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: title ?? '' })).toBeVisible();
  expect(await sameDocument()).toBe(true);
});
