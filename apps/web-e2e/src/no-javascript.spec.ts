import { expect, test, type Page } from '@playwright/test';
import { horizontalOverflow, queryDatabase, WIDTHS } from './support/site';

/**
 * The public site before and without JavaScript (switched off here; the same holds on a slow phone
 * before the page hydrates, or when a script fails to load): the contact form sends, the menu and
 * the Posts dropdown open.
 */
test.use({ javaScriptEnabled: false });

const SUCCESS = 'Your message have been sent. We will contact you soon. Thank you!';

const storedWith = (marker: string) =>
  queryDatabase<{ name: string; email: string; phone: string; message: string }>(
    'SELECT name, email, phone, message FROM contact_messages WHERE message LIKE $1',
    [`%${marker}%`],
  );

// The sends of this file come from the browser's one address: they leave the others their limits.
test.afterEach(() => queryDatabase("DELETE FROM rate_limits WHERE key LIKE 'contact-%'"));

async function fillForm(page: Page, values: Record<'Name' | 'Email' | 'Phone' | 'Message', string>) {
  const form = page.getByRole('form', { name: 'Contact form' });
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label).fill(value);
  return form;
}

for (const path of ['/contact', '/']) {
  test(`a message sent from ${path} is stored and thanked for`, async ({ page }) => {
    const marker = `no-js-${path.length}-${Date.now()}`;
    await page.goto(path);
    const form = await fillForm(page, {
      Name: 'Lê Văn Tám',
      Email: 'tam@example.com',
      Phone: '0912 000 111',
      Message: `Gửi từ điện thoại cũ ${marker}`,
    });
    await form.getByRole('button', { name: 'Send message' }).click();

    await expect(page).toHaveURL(`${path}?sent=1#contact-form`);
    await expect(page.getByRole('form', { name: 'Contact form' }).getByRole('status')).toHaveText(SUCCESS);
    for (const label of ['Name', 'Email', 'Phone', 'Message']) {
      await expect(page.getByRole('form', { name: 'Contact form' }).getByLabel(label)).toHaveValue('');
    }
    expect(await storedWith(marker)).toEqual([
      {
        name: 'Lê Văn Tám',
        email: 'tam@example.com',
        phone: '0912 000 111',
        message: `Gửi từ điện thoại cũ ${marker}`,
      },
    ]);
  });
}

test('a wrong form comes back with its errors and every word typed, none of it in the address', async ({ page }) => {
  const marker = `no-js-invalid-${Date.now()}`;
  await page.goto('/contact');
  const form = await fillForm(page, { Name: 'Hoa', Email: 'hoa@', Phone: '', Message: `Chào bạn ${marker}` });
  await form.getByRole('button', { name: 'Send message' }).click();

  await expect(form.getByText('Email must be a valid e-mail address')).toBeVisible();
  await expect(form.getByRole('alert')).toHaveText('Please correct the highlighted fields and send again.');
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Email')).toBeFocused();
  await expect(form.getByLabel('Name')).toHaveValue('Hoa');
  await expect(form.getByLabel('Email')).toHaveValue('hoa@');
  await expect(form.getByLabel('Message')).toHaveValue(`Chào bạn ${marker}`);
  expect(new URL(page.url()).search).toBe('');
  expect(page.url()).not.toContain('Hoa');
  expect(await storedWith(marker)).toEqual([]);

  // Corrected, it goes.
  await form.getByLabel('Email').fill('hoa@example.com');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('form', { name: 'Contact form' }).getByRole('status')).toHaveText(SUCCESS);
  expect(await storedWith(marker)).toHaveLength(1);
});

test('on a phone the menu opens from its button, by touch or keyboard, and leads to a category', async ({ page }) => {
  await page.setViewportSize({ width: WIDTHS.phone, height: 800 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const toggle = page.getByRole('checkbox', { name: 'Menu' });
  await expect(nav).toBeHidden();
  // The visible button is the checkbox's label.
  await expect(page.locator('label.site-header__toggle')).toBeVisible();

  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(nav.getByRole('link', { name: 'About me' })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(nav).toBeHidden();

  await page.locator('label.site-header__toggle').click();
  await expect(nav.getByRole('link', { name: 'Contact' })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await nav.locator('summary', { hasText: 'Posts' }).click();
  await nav.getByRole('link', { name: 'Poem' }).click();
  await expect(page).toHaveURL('/category/poem');
  await expect(page.getByRole('heading', { level: 1, name: 'Poem' })).toBeVisible();
});

test('on a wide window the navigation is in the header and the Posts dropdown opens under its button', async ({
  page,
}) => {
  await page.setViewportSize({ width: WIDTHS.desktop, height: 800 });
  await page.goto('/about');
  await expect(page.locator('label.site-header__toggle')).toBeHidden();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  const posts = nav.locator('summary', { hasText: 'Posts' });
  const menu = nav.locator('.posts-dropdown__menu');
  await expect(menu).toBeHidden();

  await posts.focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('link')).toHaveText([
    'Tiếng Anh',
    'Story',
    'Poem',
    'SEO',
    'Computing Tips',
    'WordPress',
    'All Posts',
  ]);
  // A floating list under its button, not a row pushing the header down.
  const button = await posts.boundingBox();
  const list = await menu.boundingBox();
  expect(list && button && list.y).toBeGreaterThanOrEqual((button?.y ?? 0) + (button?.height ?? 0) - 1);
  expect(await page.locator('.site-header').evaluate((header) => header.getBoundingClientRect().height)).toBeLessThan(
    100,
  );
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();

  await posts.click();
  await menu.getByRole('link', { name: 'All Posts' }).click();
  await expect(page).toHaveURL('/posts');
  await expect(page.getByRole('heading', { level: 1, name: 'All Posts' })).toBeVisible();
});
