import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP as Totp } from 'otpauth';
import { TOTP } from '@blog/contracts';
import { adminApi, signIn } from './support/admin';
import { E2E_BASE_URL } from './support/server';

/** An administrator of this test's own, so that the shared one never gets a second factor. */
const OWNER = {
  name: 'Two-factor owner',
  email: `two-factor-${Date.now()}@example.com`,
  password: 'two-factor password 1',
};

/** What the owner's authenticator app shows, `offsetMs` from now. */
const codeOf = (secret: string, offsetMs = 0) =>
  new Totp({
    secret: Secret.fromBase32(secret),
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
  }).generate({
    timestamp: Date.now() + offsetMs,
  });

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
  await expect(page).toHaveURL('/');
}

/** The password step of /login; answers once the second step asks for a code. */
async function passwordStep(page: Page) {
  await page.goto('/login');
  await page.getByLabel(/Email address/).fill(OWNER.email);
  await page.getByLabel(/^Password/).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel(/Authentication code/)).toBeFocused();
}

test('the owner turns on two-factor sign-in, signs in with a code and with a recovery code, and turns it off', async ({
  page,
  playwright,
}) => {
  const api = await adminApi(await playwright.request.newContext({ baseURL: E2E_BASE_URL }));
  const created = await api.post('/api/users', { data: { ...OWNER, is_admin: 1 } });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  try {
    await signIn(page, OWNER);
    await expect(page).toHaveURL('/admin/dashboard');
    await page.goto('/admin/profile');
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByLabel(/Current password/).fill(OWNER.password);
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = (await section.getByTestId('two-factor-key').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await section.getByLabel(/Authentication code/).fill(codeOf(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCodes = await codes.allInnerTexts();
    await expect(section.getByRole('link', { name: 'Download as .txt' })).toHaveAttribute(
      'download',
      'recovery-codes.txt',
    );
    await section.getByRole('button', { name: 'Done' }).click();
    await expect(section.getByText('Two-factor sign-in is on. 10 recovery codes are left.')).toBeVisible();
    await signOut(page);

    // The password alone does not sign in any more: the app's code does. The code of the next time
    // step (accepted as clock skew): the one of the set-up's step may be spent already.
    await passwordStep(page);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL('/login');
    await passwordStep(page);
    await page.getByLabel(/Authentication code/).fill(codeOf(secret, TOTP.periodSeconds * 1000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/admin/dashboard');
    await signOut(page);

    // A recovery code, once.
    await passwordStep(page);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel(/Recovery code/).fill(recoveryCodes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/admin/dashboard');

    // Turning it off asks for a code (here another recovery code).
    await page.goto('/admin/profile');
    await expect(section.getByText('Two-factor sign-in is on. 9 recovery codes are left.')).toBeVisible();
    await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await expect(
      section.getByText('Enter the 6-digit code from your authenticator app or a recovery code'),
    ).toBeVisible();
    await section.getByLabel(/Authentication code/).fill(recoveryCodes[1]);
    await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await expect(page.getByRole('status')).toHaveText('Two-factor sign-in is off: your password alone signs you in.');
    await signOut(page);
    await signIn(page, OWNER);
    await expect(page).toHaveURL('/admin/dashboard');
  } finally {
    expect((await api.delete(`/api/users/${id}`)).ok()).toBe(true);
    await api.dispose();
  }
});
