import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from './support/server';
import { recordCspViolations } from './support/site';

test.describe('the API documentation (/api/docs)', () => {
  test('renders the OpenAPI document under its policy, loading nothing from another origin', async ({ page }) => {
    const violations = await recordCspViolations(page);
    const elsewhere: string[] = [];
    const origin = new URL(E2E_BASE_URL).origin;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http') && url.origin !== origin) elsewhere.push(request.url());
    });
    const response = await page.goto('/api/docs');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { name: /Phuong's Blog API/ })).toBeVisible();
    // Every tag is listed, closed; one opened, then one of its operations: its answers are listed.
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await page.getByRole('heading', { name: 'Categories' }).click();
    await page
      .getByRole('button', { name: /GET \/api\/categories\/\{id\}/ })
      .first()
      .click();
    await expect(page.getByText('Precondition failed').or(page.getByText('Not found')).first()).toBeVisible();
    expect(violations).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});
