import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './support/server';
import { hydrated, PUBLIC_PAGES, recordCspViolations } from './support/site';

declare global {
  interface Window {
    injectedRan?: string[];
  }
}

/**
 * What an attacker's markup would try in a page (a post whose HTML slipped past the sanitiser): an
 * inline script and an inline event handler, neither with the answer's nonce.
 */
const INJECTED =
  `<script>(window.injectedRan ??= []).push('inline script')</script>` +
  `<img src="data:," alt="" onerror="(window.injectedRan ??= []).push('event handler')">`;

/** Serves `path` as the server answers it, its policy included, with the attacker's markup in its HTML. */
async function serveWithInjectedMarkup(page: Page, path: string): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch();
      // The body comes decoded: it goes back as it is, under the server's other headers.
      const headers = Object.fromEntries(
        Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)),
      );
      await route.fulfill({
        response,
        headers,
        body: (await response.text()).replace('</body>', `${INJECTED}</body>`),
      });
    },
  );
}

/** Neither injected script ran, and the browser reported both. */
async function expectInjectionBlocked(page: Page, violations: string[]): Promise<void> {
  await expect
    .poll(() => violations.filter((violation) => violation.endsWith(' inline')).sort())
    .toEqual(['script-src-attr inline', 'script-src-elem inline']);
  expect(await page.evaluate(() => window.injectedRan)).toBeUndefined();
}

test.describe('the Content-Security-Policy', () => {
  test('every public page hydrates under it without a single violation', async ({ page }) => {
    const violations = await recordCspViolations(page);
    for (const path of [...PUBLIC_PAGES.map((page) => page.path), '/no-such-post']) {
      const response = await page.goto(path);
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
      await expect.poll(() => hydrated(page)).toBe(true);
      expect(violations, path).toEqual([]);
    }
  });

  test('a public page runs no inline script nor event handler slipped into its HTML, reports them, and hydrates', async ({
    page,
  }) => {
    const violations = await recordCspViolations(page);
    await serveWithInjectedMarkup(page, '/');
    await page.goto('/');
    // The page's own scripts, which carry the nonce, run.
    await expect.poll(() => hydrated(page)).toBe(true);
    await expectInjectionBlocked(page, violations);
  });

  test('the sign-in page runs no injected inline script either', async ({ page }) => {
    const violations = await recordCspViolations(page);
    await serveWithInjectedMarkup(page, '/login');
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectInjectionBlocked(page, violations);
  });

  test('the contact form checks what is typed (zod, loaded then) without a violation', async ({ page }) => {
    const violations = await recordCspViolations(page);
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('the admin works under it: sign in, the post editor loads and takes text', async ({ page }) => {
    const violations = await recordCspViolations(page);
    await page.goto('/login');
    await page.getByLabel(/Email address/).fill(E2E_ADMIN.email);
    await page.getByLabel(/^Password/).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/admin/dashboard');
    await page.getByRole('link', { name: 'Add Post' }).click();
    const content = page.getByRole('textbox', { name: 'Content', exact: true });
    await content.click();
    await page.keyboard.type('Xin chào');
    await expect(content).toContainText('Xin chào');
    expect(violations).toEqual([]);
  });
});
