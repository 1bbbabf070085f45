import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { adminApi, createPost, removePostsWithSlug, signIn } from './support/admin';
import { queryDatabase } from './support/site';
import { E2E_BASE_URL, E2E_WEBHOOK_HOST } from './support/server';

// The owner adds a webhook in the admin, a post is published, the receiver is told
// (signed), and the delivery shows in the webhook's log, from where it is sent again.

const POST = { title: 'Chợ nổi Cái Răng', slug: 'cho-noi-cai-rang', content: '<p>Ghe và thuyền.</p>' };
const [HOST, PORT] = E2E_WEBHOOK_HOST.split(':');
const HOOK_URL = `http://${E2E_WEBHOOK_HOST}/blog-hook`;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The receiver on 127.0.0.1 this test starts and stops: keeps every request, answers 204. */
async function startReceiver(): Promise<{ received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(Number(PORT), HOST, resolve));
  return {
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What docs/api/webhooks.md tells a receiver to do. */
const signatureOf = (secret: string, received: Received) =>
  `v1=${createHmac('sha256', secret)
    .update(`${received.headers['webhook-id']}.${received.headers['webhook-timestamp']}.${received.body}`)
    .digest('hex')}`;

test.describe('webhooks', () => {
  test.beforeEach(async () => {
    await removePostsWithSlug(POST.slug);
    await queryDatabase('DELETE FROM webhooks', []);
  });
  test.afterAll(async () => {
    await removePostsWithSlug(POST.slug);
    await queryDatabase('DELETE FROM webhooks', []);
  });

  test('a webhook added in the admin is told of a published post, and its delivery log sends it again', async ({
    page,
    playwright,
  }) => {
    const receiver = await startReceiver();
    try {
      await signIn(page);
      await page.goto('/admin');
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Webhooks' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
      await expect(page.getByText('No webhooks yet.')).toBeVisible();

      await page.getByRole('button', { name: 'Add webhook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add webhook' });
      await dialog.getByLabel(/URL/).fill(HOOK_URL);
      await dialog.getByLabel('post.published').check();
      await dialog.getByRole('button', { name: 'Add' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(`The webhook ${HOOK_URL} has been saved.`)).toBeVisible();
      const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      await expect(page.getByRole('row', { name: new RegExp(HOOK_URL) })).toContainText('post.published');

      // A post published through the API: the receiver gets it, signed with the secret shown.
      const admin = await adminApi(await playwright.request.newContext({ baseURL: E2E_BASE_URL }));
      const id = await createPost(admin, POST);
      await admin.dispose();
      await expect.poll(() => receiver.received.length).toBe(1);
      const [sent] = receiver.received;
      expect(sent.headers['webhook-signature']).toBe(signatureOf(secret, sent));
      expect(JSON.parse(sent.body)).toMatchObject({
        id: sent.headers['webhook-id'],
        event: 'post.published',
        data: { id, title: POST.title, slug: POST.slug },
      });

      // The delivery in the log, delivered at the first attempt; sent again from there.
      await page.getByRole('button', { name: `Delivery log ${HOOK_URL}` }).click();
      const log = page.getByRole('region', { name: `Delivery log of ${HOOK_URL}` });
      const row = log.getByRole('row', { name: /post\.published/ });
      await expect(row).toContainText('Delivered');
      await expect(row).toContainText('HTTP 204');
      await expect(row.getByRole('cell').nth(3)).toHaveText('1');
      await row.getByRole('button', { name: /^Send again/ }).click();
      await expect(page.getByRole('status')).toHaveText('The delivery has been queued again.');
      await expect.poll(() => receiver.received.length).toBe(2);
      expect(receiver.received[1].body).toBe(sent.body);
      await expect(row.getByRole('cell').nth(3)).toHaveText('2');
      await expect(row).toContainText('Delivered');
    } finally {
      await receiver.close();
    }
  });
});
