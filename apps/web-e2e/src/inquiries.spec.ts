import { expect, request, test, type Browser, type Page } from '@playwright/test';
import { INQUIRY_CTA_LABELS, projectPath } from '@blog/contracts';
import { adminApi, signIn } from './support/admin';
import { E2E_BASE_URL } from './support/server';
import { hydrated, queryDatabase } from './support/site';

/**
 * An inquiry from a case study in two clicks, with JavaScript off and on: the project page's call to
 * action opens the contact page on the project (one), the visitor fills the form and sends (two), and
 * the owner's inbox says which project the message is about and which page it came from.
 */
const SLUG = `inquiry-e2e-${Date.now()}`;
const CASE_STUDY = projectPath(SLUG);
const TITLE = 'Homestay booking (inquiry test)';
const SUCCESS = 'Your message have been sent. We will contact you soon. Thank you!';
let projectId: number;

test.beforeAll(async () => {
  const admin = await adminApi(await request.newContext({ baseURL: E2E_BASE_URL }));
  try {
    const saved = await admin.post('/api/admin/projects', {
      data: { title: TITLE, slug: SLUG, year_from: 2025, published_at: 'now' },
    });
    expect(saved.ok()).toBe(true);
    projectId = ((await saved.json()) as { id: number }).id;
  } finally {
    await admin.dispose();
  }
});

test.afterAll(async () => {
  await queryDatabase('DELETE FROM contact_messages WHERE topic_slug = $1', [SLUG]);
  const admin = await adminApi(await request.newContext({ baseURL: E2E_BASE_URL }));
  try {
    expect((await admin.delete(`/api/admin/projects/${projectId}`)).ok()).toBe(true);
  } finally {
    await admin.dispose();
  }
});

// The sends of this file come from the browser's one address: they leave the others their limits.
test.afterEach(() => queryDatabase("DELETE FROM rate_limits WHERE key LIKE 'contact-%'"));

/** The owner's inbox, filtered to the project: the message's row. */
async function ownerSees(browser: Browser, marker: string) {
  // The admin is an app: JavaScript on, whatever the visitor had.
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/admin/messages');
    await page.getByLabel('Topic').selectOption({ label: `Project: ${TITLE}` });
    const row = page.getByRole('row').filter({ hasText: marker });
    await expect(row).toContainText(`About project: ${TITLE}`);
    await expect(row).toContainText(`Sent from ${CASE_STUDY}`);
    await expect(row.getByRole('link', { name: TITLE })).toHaveAttribute('href', CASE_STUDY);
  } finally {
    await context.close();
  }
}

async function sendInquiry(page: Page, marker: string) {
  const form = page.getByRole('form', { name: 'Contact form' });
  await expect(form.getByText(/^About:/)).toContainText(TITLE);
  await expect(form.getByLabel(/^Message/)).toHaveValue(
    new RegExp(`^Hello, I would like a project like “${TITLE.replace(/[()]/g, '\\$&')}”`),
  );
  await form.getByLabel(/^Name/).fill('Đỗ Minh');
  await form.getByLabel(/^Email/).fill('minh@example.com');
  const message = form.getByLabel(/^Message/);
  await message.fill(`${await message.inputValue()}A site for 6 rooms. ${marker}`);
  await form.getByRole('button', { name: 'Send message' }).click();
  // The spinner is a status too, while sending.
  await expect(form.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('a visitor sends an inquiry from a case study in two clicks; the owner sees its topic and source page', async ({
      page,
      browser,
    }) => {
      const marker = `inquiry-${javaScriptEnabled ? 'js' : 'no-js'}-${Date.now()}`;
      await page.goto(CASE_STUDY);
      if (javaScriptEnabled) await expect.poll(() => hydrated(page)).toBe(true);
      await page.getByRole('link', { name: INQUIRY_CTA_LABELS.project }).click();
      await expect(page).toHaveURL(/\/contact\?/);
      await sendInquiry(page, marker);

      const stored = await queryDatabase<Record<string, string>>(
        'SELECT topic_kind, topic_slug, topic_title, source_path FROM contact_messages WHERE message LIKE $1',
        [`%${marker}%`],
      );
      expect(stored).toEqual([
        { topic_kind: 'project', topic_slug: SLUG, topic_title: TITLE, source_path: CASE_STUDY },
      ]);
      await ownerSees(browser, marker);
    });
  });
}
