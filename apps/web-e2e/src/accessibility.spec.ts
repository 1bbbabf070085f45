import { expect, test } from '@playwright/test';
import { DEMO, seriousAccessibilityViolations, WIDTHS } from './support/site';

const PAGES = {
  home: '/',
  post: `/${DEMO.storyPost}`,
  posts: '/posts',
  category: '/category/story',
  search: '/search?key=ha+giang',
  about: '/about',
  contact: '/contact',
};

for (const [name, path] of Object.entries(PAGES)) {
  for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
    test(`${name} has no serious or critical accessibility violation at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.locator('.ui-spinner')).toHaveCount(0);
      const serious = await seriousAccessibilityViolations(page);
      expect(serious).toEqual([]);
    });
  }
}
