import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './support/admin';
import { startAppServer, type AppServer } from './support/app-server';
import { startMailReceiver } from './support/mail-receiver';
import { E2E_DATABASE_URL_ENV, E2E_PORT } from './support/server';
import { DEMO, horizontalOverflow, WIDTHS } from './support/site';

// The reader's way without JavaScript: the form is an HTML form, the server answers with pages.
test.use({ javaScriptEnabled: false });

test.describe('subscribing from a post on a phone, without JavaScript (an instance with SMTP)', () => {
  let smtp: Awaited<ReturnType<typeof startMailReceiver>>;
  let mailing: AppServer;
  let dataDir: string;

  test.beforeAll(async () => {
    smtp = await startMailReceiver();
    dataDir = mkdtempSync(join(tmpdir(), 'blog-e2e-subscriptions-'));
    mailing = await startAppServer({
      port: E2E_PORT + 2,
      databaseUrl: process.env[E2E_DATABASE_URL_ENV] as string,
      dataDir,
      env: { SMTP_URL: smtp.url },
    });
  });

  test.afterAll(async () => {
    await mailing?.stop();
    await smtp?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('subscribes below the post, is told to check the inbox, and confirms with the mailed link', async ({ page }) => {
    await page.setViewportSize({ width: WIDTHS.phone, height: 800 });
    await page.goto(`${mailing.baseUrl}/${DEMO.storyPost}`);
    const form = page.getByRole('region', { name: 'Get new posts by e-mail' });
    await expect(form.getByLabel('E-mail')).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // Refused first (an address without its domain): shown again with what was typed.
    await form.getByLabel('E-mail').fill('mai@');
    await form.getByLabel('Name (optional)').fill('Mai');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const again = page.getByRole('region', { name: 'Get new posts by e-mail' });
    await expect(again.getByText('Email must be a valid e-mail address')).toBeVisible();
    await expect(again.getByLabel('Name (optional)')).toHaveValue('Mai');

    await again.getByLabel('E-mail').fill('mai@example.com');
    await again.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(new RegExp(`/${DEMO.storyPost}\\?subscribed=1`));
    await expect(page.getByRole('status')).toContainText('check your inbox');

    await expect.poll(() => smtp.mails.filter((m) => m.to.includes('mai@example.com')).length).toBe(1);
    const mail = smtp.mails.find((m) => m.to.includes('mai@example.com'))!;
    const link = mail.text.match(/https?:\/\/\S+\/subscribe\/confirm\?token=\S+/)?.[0] as string;
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page.getByRole('status')).toHaveText('Thank you: you will receive new posts by e-mail.');
  });

  test('subscribes on a Vietnamese page: the mail, its link and the confirmation in Vietnamese', async ({ page }) => {
    await page.goto(`${mailing.baseUrl}/vi/subscribe`);
    const form = page.getByRole('region', { name: 'Nhận bài viết mới qua email' });
    await form.getByLabel('Email').fill('lan@example.com');
    await form.getByRole('button', { name: 'Đăng ký' }).click();
    await expect(page).toHaveURL(/\/vi\/subscribe\?subscribed=1/);

    await expect.poll(() => smtp.mails.filter((m) => m.to.includes('lan@example.com')).length).toBe(1);
    const mail = smtp.mails.find((m) => m.to.includes('lan@example.com'))!;
    expect(mail.text).toContain('Để xác nhận, bạn hãy mở đường dẫn sau');
    const link = mail.text.match(/https?:\/\/\S+\/vi\/subscribe\/confirm\?token=\S+/)?.[0] as string;
    await page.goto(link);
    await page.getByRole('button', { name: 'Xác nhận đăng ký của tôi' }).click();
    await expect(page).toHaveURL(/\/vi\/subscribe\/confirm\?confirmed=1/);
    await expect(page.getByRole('status')).toHaveText('Cảm ơn bạn: bạn sẽ nhận được bài viết mới qua email.');
  });
});

test.describe("the owner's Subscribers screen", () => {
  test.use({ javaScriptEnabled: true });

  test('imports a Mailchimp export of people who agreed, leaves out the unsubscribed, and finds them', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/admin/subscribers');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import subscribers' });
    await dialog.getByLabel(/^CSV file/).setInputFiles({
      name: 'members_export.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        '"Email Address","First Name","Last Name","MEMBER_RATING","OPTIN_TIME"\n' +
          '"lan.import@example.com","Lan","Trần",2,"2024-05-01 10:00:00"\n' +
          '"not an address","Bad","Line",1,""\n',
      ),
    });
    await dialog.getByRole('checkbox', { name: 'These people already agreed to receive my posts' }).check();
    await dialog.getByLabel(/^How they agreed/).fill('Mailchimp list, double opt-in');
    await dialog.getByRole('button', { name: 'Import' }).click();

    const result = dialog.getByRole('region', { name: 'Result' });
    await expect(result.getByRole('status')).toHaveText('Read as: Mailchimp.');
    await expect(result.getByText('Added').locator('xpath=following-sibling::dd')).toHaveText('1');
    await expect(result.getByText('Line 3: Email must be a valid e-mail address')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByLabel('Search by address or name').fill('lan.import');
    const row = page.getByRole('row', { name: /lan\.import@example\.com/ });
    await expect(row).toContainText('Lan Trần');
    await expect(row).toContainText('Confirmed');
    await expect(row).toContainText('Mailchimp list, double opt-in');
  });
});
