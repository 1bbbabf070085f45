import { expect, test } from '@playwright/test';
import { signIn } from './support/admin';
import { E2E_BASE_URL } from './support/server';

// The post form's SEO check, computed in the browser as the owner types.

const TITLE = 'Hà Giang mùa hoa tam giác mạch';
const SLUG = 'ha-giang-mua-hoa-tam-giac-mach';

test('the SEO check finds a focus keyword typed without accents and previews the search result', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/add-post');
  const panel = page.getByRole('region', { name: 'SEO check' });
  const checks = panel.getByRole('listitem');
  await expect(checks.filter({ hasText: 'No focus keyword' })).toContainText('Improve:');

  await page.getByLabel(/^Title/).fill(TITLE);
  await expect(page.getByLabel(/^Slug/)).toHaveValue(SLUG);
  await page.getByRole('textbox', { name: 'Content', exact: true }).click();
  await page.keyboard.type('Đường lên Hà Giang quanh co.');
  await panel.getByLabel('Focus keyword').fill('ha giang');

  await expect(checks.filter({ hasText: 'in the title' })).toHaveText('Good: Focus keyword found in the title');
  await expect(checks.filter({ hasText: 'in the slug' })).toHaveText('Good: Focus keyword found in the slug');
  await expect(checks.filter({ hasText: 'in the first paragraph' })).toHaveText(
    'Good: Focus keyword found in the first paragraph',
  );
  await expect(checks.filter({ hasText: 'in the meta description' })).toHaveText(
    'Improve: Focus keyword not found in the meta description',
  );
  await expect(checks.filter({ hasText: 'Title:' })).toContainText('Good: Title: 30 characters');

  const search = panel.getByRole('figure', { name: 'Search result preview' });
  await expect(search).toContainText(TITLE);
  await expect(search).toContainText(`${new URL(E2E_BASE_URL).host} › ${SLUG}`);
});
