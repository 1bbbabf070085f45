import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN } from './server';

/** A 1×1 PNG to upload (uploads are recognised by their bytes). */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Signs in through the sign-in page; done once the app has left /login (an admin lands on the dashboard, anyone else on /). */
export async function signIn(page: Page, credentials: { email: string; password: string } = E2E_ADMIN): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/Email address/).fill(credentials.email);
  await page.getByLabel(/^Password/).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** An API session of the administrator (the same origin as the site, so the cross-site check passes). */
export async function adminApi(request: APIRequestContext): Promise<APIRequestContext> {
  await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  return request;
}
