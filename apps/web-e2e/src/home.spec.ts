import { expect, test } from '@playwright/test';
import type { HomeData } from '@blog/contracts';

test('the home page lists the recent posts the API serves, through tRPC', async ({ page, request }) => {
  const home = (await (await request.get('/api/homeData')).json()) as HomeData;
  expect(home.posts.length).toBe(8);

  const trpcCalls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/trpc/')) trpcCalls.push(new URL(req.url()).pathname);
  });
  await page.goto('/');

  await expect(page.getByRole('heading', { name: 'Recent posts' })).toBeVisible();
  const links = page.locator('.recent-posts a');
  await expect(links).toHaveText(home.posts.map((post) => post.title));
  await expect(links.first()).toHaveAttribute('href', `/${home.posts[0].slug}`);
  expect(trpcCalls).toEqual(['/trpc/posts.home']);
});

test('any other path shows only NotFound', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.locator('#root')).toHaveText('NotFound');
});
