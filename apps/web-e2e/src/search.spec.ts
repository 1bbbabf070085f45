import { expect, test } from '@playwright/test';
import type { PostCard } from '@blog/contracts';
import { api, WIDTHS } from './support/site';

test('searching from the header lists the matches, accents or not', async ({ page, request }) => {
  const results = await api<PostCard[]>(request, `/api/searchPosts/${encodeURIComponent('tieng anh')}`);
  expect(results.length).toBeGreaterThan(1);

  await page.goto('/posts');
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('tieng anh');
  await page.getByRole('searchbox', { name: 'Search posts' }).press('Enter');

  await expect(page).toHaveURL('/search?key=tieng+anh');
  await expect(page).toHaveTitle('Search results for tieng anh');
  await expect(
    page.getByRole('heading', { level: 2, name: `${results.length} results found for “tieng anh”` }),
  ).toBeVisible();
  await expect(page.getByRole('article').getByRole('heading')).toHaveText(results.map((post) => post.title));
});

test('on a phone the search box is in the menu', async ({ page }) => {
  await page.setViewportSize({ width: WIDTHS.phone, height: 800 });
  await page.goto('/');
  const search = page.getByRole('searchbox', { name: 'Search posts' });
  await expect(search).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await search.fill('Hà Giang');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL('/search?key=H%C3%A0+Giang');
  await expect(page.getByRole('heading', { level: 2, name: /found for “Hà Giang”/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('a blank search goes nowhere, and a search without results says so', async ({ page }) => {
  await page.goto('/about');
  const search = page.getByRole('searchbox', { name: 'Search posts' });
  await search.fill('   ');
  await search.press('Enter');
  await expect(page).toHaveURL('/about');

  await page.goto('/search?key=qwertyzxcv');
  await expect(page.getByRole('heading', { level: 2, name: 'No results found for “qwertyzxcv”' })).toBeVisible();
});
