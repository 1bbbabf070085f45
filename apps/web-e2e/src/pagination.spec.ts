import { expect, test } from '@playwright/test';
import type { PostsPage } from '@blog/contracts';
import { api, DEMO } from './support/site';

test('All Posts pages the visible posts 6 at a time, with arrows hidden at the ends', async ({ page, request }) => {
  const pages = await Promise.all([1, 2, 3].map((n) => api<PostsPage>(request, `/api/gst-postsPagination/${n}`)));
  expect(pages[0].total).toBe(DEMO.visiblePosts);
  const titles = (n: number) => pages[n - 1].posts.map((post) => post.title);
  const cards = page.getByRole('article').getByRole('heading', { level: 2 });
  const pagination = page.getByRole('navigation', { name: 'Pages' });
  const previous = pagination.getByRole('link', { name: 'Previous page' });
  const next = pagination.getByRole('link', { name: 'Next page' });

  await page.goto('/posts');
  await expect(page).toHaveTitle('All Posts');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
    'Home',
    'Posts',
  ]);
  await expect(cards).toHaveText(titles(1));
  await expect(pagination.getByRole('link', { name: /^Page \d$/ })).toHaveText(['1', '2', '3']);
  await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(previous).toHaveCount(0);

  await next.click();
  await expect(page).toHaveURL('/posts?page=2');
  await expect(cards).toHaveText(titles(2));
  await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(previous).toBeVisible();
  await expect(next).toBeVisible();

  await pagination.getByRole('link', { name: 'Page 3' }).click();
  await expect(page).toHaveURL('/posts?page=3');
  await expect(cards).toHaveText(titles(3));
  await expect(next).toHaveCount(0);

  await previous.click();
  await expect(page).toHaveURL('/posts?page=2');
  await expect(cards).toHaveText(titles(2));

  // The browser's own history moves through the pages too.
  await page.goBack();
  await expect(cards).toHaveText(titles(3));
});

test('a card shows its date like January 05, 2025, its category chip, colour and price', async ({ page, request }) => {
  const first = (await api<PostsPage>(request, '/api/gst-postsPagination/1')).posts[0];
  await page.goto('/posts');
  const card = page.getByRole('article').filter({ hasText: first.title });
  const date = new Date(new Date(first.updated_at).getTime() + 7 * 3600_000);
  const expected = `${date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${String(date.getUTCDate()).padStart(2, '0')}, ${date.getUTCFullYear()}`;
  await expect(card.locator('time')).toHaveText(expected);
  await expect(card.getByRole('link', { name: first.category_name, exact: true })).toHaveAttribute(
    'href',
    `/category/${first.category_slug}`,
  );
  await expect(card).toContainText(`Color:${first.color}`);
  await expect(card).toContainText(`Price:${first.price}`);
});

test('a category page of one page shows no page numbers', async ({ page }) => {
  await page.goto('/category/poem');
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
});
