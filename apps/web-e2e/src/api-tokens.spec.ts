import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { API_TOKEN_PATTERN } from '@blog/contracts';
import { removePostsWithSlug, signIn } from './support/admin';
import { queryDatabase } from './support/site';
import { E2E_BASE_URL } from './support/server';

const SLUG = `from-a-script-${Date.now()}`;

test.afterAll(() => removePostsWithSlug(SLUG));

test('the owner makes an API token in the profile, a script publishes with it, and a revoked token is refused', async ({
  page,
}) => {
  const name = `Publishing script ${Date.now()}`;
  await signIn(page);
  await page.goto('/admin/profile');
  const section = page.getByRole('region', { name: 'API tokens' });
  await section.getByLabel(/Token name/).fill(name);
  await section.getByRole('checkbox', { name: /^content:write/ }).check();
  await section.getByRole('button', { name: 'Create token' }).click();

  const shown = section.getByRole('region', { name: `Your new token "${name}"` });
  await expect(shown).toContainText('you will not see it again');
  const secret = (await shown.getByTestId('new-api-token').innerText()).trim();
  expect(secret).toMatch(API_TOKEN_PATTERN);
  // The section, its form, the new secret and the list: nothing serious for assistive technology.
  const { violations } = await new AxeBuilder({ page })
    .include('.admin-api-tokens')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([]);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByText(secret)).toHaveCount(0);
  const row = section.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('content:read, content:write');

  // A script elsewhere: plain fetch, no cookie, no Origin.
  const [category] = await queryDatabase<{ id: number }>('SELECT id FROM categories ORDER BY id LIMIT 1');
  const createPost = () =>
    fetch(`${E2E_BASE_URL}/api/posts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        category_id: category.id,
        title: 'Published from a script',
        slug: SLUG,
        content: '<p>Sent with an API token.</p>',
        short_content: '<p>API.</p>',
        thumbnail: null,
        meta_title: 'From a script',
        meta_description: '',
        meta_keywords: '',
        status: 0,
      }),
    });
  const created = await createPost();
  expect(created.status).toBe(200);
  expect(await queryDatabase('SELECT id FROM posts WHERE slug = $1', [SLUG])).toHaveLength(1);

  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: `Revoke the token ${name}` }).click();
  await expect(page.getByRole('status')).toContainText(`The token "${name}" has been revoked.`);
  await expect(row).toContainText('Revoked');

  const refused = await createPost();
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toBe('This API token was revoked');
  expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
});
