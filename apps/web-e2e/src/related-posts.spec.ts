import { expect, test } from '@playwright/test';
import type { PostCard, PostDetail } from '@blog/contracts';
import { api, DEMO } from './support/site';

// Related posts at the end of a post and reading time on cards and posts.

test('a post ends with related posts, in its first HTML, never a hidden one; cards and posts tell their reading time', async ({
  page,
  request,
}) => {
  const related = await api<PostCard[]>(request, `/api/relatedPosts/${DEMO.storyPost}`);
  const post = await api<PostDetail>(request, `/api/homeData/${DEMO.storyPost}`);
  expect(related.length).toBeGreaterThan(0);
  expect(related.map((card) => card.slug)).not.toContain(DEMO.hiddenPost);
  expect(related.map((card) => card.slug)).not.toContain(DEMO.storyPost);

  // Server-rendered: crawlers see them without running JavaScript.
  const html = await (await request.get(`/${DEMO.storyPost}`)).text();
  expect(html).toContain('Related posts');
  expect(html).toContain(`${post.reading_minutes} min read`);

  await page.goto(`/${DEMO.storyPost}`);
  await expect(
    page.locator('article.post').getByText(`${post.reading_minutes} min read`, { exact: true }),
  ).toBeVisible();
  const section = page.getByRole('region', { name: 'Related posts' });
  await expect(section.getByRole('heading', { level: 3 })).toHaveText(related.map((card) => card.title));
  await expect(section.getByRole('article').first()).toContainText(`${related[0].reading_minutes} min read`);

  await section.getByRole('link', { name: related[0].title }).click();
  await expect(page).toHaveURL(new RegExp(`/${related[0].slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(related[0].title);
});
