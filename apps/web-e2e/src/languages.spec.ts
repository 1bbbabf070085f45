import { expect, test } from '@playwright/test';
import type { AdminPost } from '@blog/contracts';
import { adminApi, createPost, postBody, removePostsWithSlug } from './support/admin';
import { E2E_BASE_URL } from './support/server';
import { horizontalOverflow, seriousAccessibilityViolations, WIDTHS } from './support/site';

// A story in two languages, read as a Vietnamese reader reads it on a phone.

const SLUG = 'e2e-two-languages';

test.beforeAll(() => removePostsWithSlug(SLUG));
test.afterAll(() => removePostsWithSlug(SLUG));

test('a /vi/ post speaks Vietnamese, passes axe at 360 px, and its switcher leads to the English version and back without JavaScript', async ({
  browser,
  page,
  request,
}) => {
  // axe over a whole page takes its time on a busy machine.
  test.setTimeout(180_000);
  const admin = await adminApi(request);
  const englishId = await createPost(admin, {
    title: 'Two languages, one story',
    slug: SLUG,
    content: '<p>I wrote this story twice.</p>',
  });
  // Its Vietnamese version: a draft made from it (same slug: each language has its own), then published.
  const made = await admin.post(`/api/posts/${englishId}/translations`, { data: { language: 'vi' } });
  expect(made.status()).toBe(201);
  const draft = (await made.json()) as AdminPost;
  const published = await admin.put(`/api/posts/${draft.id}`, {
    data: postBody(draft, {
      title: 'Hai ngôn ngữ, một câu chuyện',
      content: '<p>Tôi đã viết câu chuyện này hai lần.</p>',
      published_at: new Date(Date.now() - 60_000).toISOString(),
    }),
  });
  expect(published.ok()).toBe(true);

  await page.setViewportSize({ width: WIDTHS.phone, height: 800 });
  await page.goto(`/vi/${SLUG}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hai ngôn ngữ, một câu chuyện');
  await expect(page.locator('article.post')).toContainText(/\d+ phút đọc/);
  await expect(page.locator('article.post time')).toHaveText(/^\d{1,2} tháng \d{1,2}, \d{4}$/);
  await expect(page.getByRole('heading', { name: 'Chuyên mục', exact: true })).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Bài viết mới', exact: true })).toBeAttached();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  expect(await horizontalOverflow(page)).toBe(0);

  // The switcher is a plain link: it works without JavaScript, both ways.
  const noScript = await browser.newContext({
    baseURL: E2E_BASE_URL,
    javaScriptEnabled: false,
    viewport: { width: WIDTHS.phone, height: 800 },
  });
  const plain = await noScript.newPage();
  await plain.goto(`/vi/${SLUG}`);
  await plain.getByRole('navigation', { name: 'Ngôn ngữ' }).getByRole('link', { name: 'English' }).click();
  await expect(plain).toHaveURL(new RegExp(`/${SLUG}$`));
  await expect(plain.locator('html')).toHaveAttribute('lang', 'en');
  await expect(plain.getByRole('heading', { level: 1 })).toHaveText('Two languages, one story');
  await plain.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: 'Tiếng Việt' }).click();
  await expect(plain).toHaveURL(new RegExp(`/vi/${SLUG}$`));
  await expect(plain.getByRole('heading', { level: 1 })).toHaveText('Hai ngôn ngữ, một câu chuyện');
  await noScript.close();
});
