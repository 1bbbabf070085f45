import { expect, test } from '@playwright/test';
import { DEMO } from './support/site';

for (const [what, path] of [
  ['an unknown path', '/this/does/not/exist'],
  ['an unknown post', '/no-such-post-anywhere'],
  ['a hidden post', `/${DEMO.hiddenPost}`],
  ['an unknown category', '/category/no-such-category'],
] as const) {
  test(`${what} shows only NotFound`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('#root')).toHaveText('NotFound');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });
}
