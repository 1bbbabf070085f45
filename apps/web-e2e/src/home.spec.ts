import { expect, test } from '@playwright/test';
import type { HomeData } from '@blog/contracts';
import { api, recordExternalRequests, structuredData } from './support/site';
import { E2E_BASE_URL } from './support/server';

test.describe('home page', () => {
  test('shows the hero, the three category tiles, the recent posts and the contact form', async ({ page, request }) => {
    const home = await api<HomeData>(request, '/api/homeData');
    expect(home.posts).toHaveLength(8);
    const external = recordExternalRequests(page);

    await page.goto('/');
    await expect(page).toHaveTitle("Phuong's Blog");
    await expect(page.getByRole('heading', { level: 1, name: "Phuong's Blog" })).toBeVisible();

    const tiles = page.getByRole('region', { name: 'Topics' }).getByRole('link');
    await expect(tiles).toHaveCount(3);
    for (const [index, slug] of ['tieng-anh', 'story', 'poem'].entries()) {
      await expect(tiles.nth(index)).toHaveAttribute('href', `/category/${slug}`);
    }

    const recent = page.getByRole('region', { name: 'Recent posts' });
    await expect(recent.getByRole('heading', { level: 3 })).toHaveText(home.posts.map((post) => post.title));
    await expect(recent.getByRole('link', { name: home.posts[0].title })).toHaveAttribute(
      'href',
      `/${home.posts[0].slug}`,
    );
    await expect(recent.getByRole('link', { name: 'All Posts' })).toHaveAttribute('href', '/posts');

    await expect(
      page.getByRole('region', { name: 'Get in touch' }).getByRole('form', { name: 'Contact form' }),
    ).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Copyright 2025');
    // Without GTM_ID and ADS_CONVERSION_ID nothing is loaded from another site.
    expect(external).toEqual([]);
  });

  test('lays the recent posts out in 1, 2 and 4 columns as the window widens', async ({ page }) => {
    for (const [width, columns] of [
      [360, 1],
      [768, 2],
      [1280, 4],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const cards = page.getByRole('region', { name: 'Recent posts' }).getByRole('article');
      await expect(cards).toHaveCount(8);
      const tops = await cards.evaluateAll((elements) =>
        elements.map((el) => Math.round(el.getBoundingClientRect().top)),
      );
      expect(tops.filter((top) => top === tops[0])).toHaveLength(columns);
    }
  });

  test('describes the site as a WebSite offering three free courses', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Recent posts' }).getByRole('article').first()).toBeVisible();
    const [website] = await structuredData(page);
    expect(website).toMatchObject({ '@type': 'WebSite', url: `${E2E_BASE_URL}/` });
    expect((website['hasPart'] as Array<{ name: string }>).map((course) => course.name)).toEqual([
      'SEO',
      'Computing tips',
      'English',
    ]);
  });

  test('shows the hero on / only', async ({ page }) => {
    await page.goto('/posts');
    await expect(page.getByRole('heading', { level: 1, name: 'All Posts' })).toBeVisible();
    await expect(page.locator('.hero')).toHaveCount(0);
    // The WebSite is described on / only; /posts has its breadcrumb.
    expect((await structuredData(page)).map((data) => data['@type'])).toEqual(['BreadcrumbList']);
  });
});
