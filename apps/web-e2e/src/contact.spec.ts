import { expect, test, type Page } from '@playwright/test';
import { CONTACT_RATE_LIMITS, type GeneralInfo } from '@blog/contracts';
import { api, queryDatabase } from './support/site';

const SUCCESS = 'Your message have been sent. We will contact you soon. Thank you!';

interface StoredMessage {
  name: string;
  email: string;
  phone: string;
  message: string;
}

const storedWith = (marker: string) =>
  queryDatabase<StoredMessage>('SELECT name, email, phone, message FROM contact_messages WHERE message LIKE $1', [
    `%${marker}%`,
  ]);

async function fillForm(page: Page, values: StoredMessage) {
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name').fill(values.name);
  await form.getByLabel('Email').fill(values.email);
  await form.getByLabel('Phone').fill(values.phone);
  await form.getByLabel('Message').fill(values.message);
  return form;
}

test('a message sent from the contact page is stored, then the form clears and thanks for 7 seconds', async ({
  page,
}) => {
  const marker = `contact-page-${Date.now()}`;
  await page.goto('/contact');
  await expect(page).toHaveTitle('Contact');
  const form = await fillForm(page, {
    name: '  Trần Thị Mai ',
    email: 'mai@example.com',
    phone: '0901 234 567',
    message: `Xin chào! ${marker}`,
  });
  await form.getByRole('button', { name: 'Send message' }).click();

  await expect(form.getByText(SUCCESS)).toBeVisible();
  // How long the banner stays, measured in the page from the moment it shows.
  const shownFor = page.evaluate(
    (text) =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        const check = () =>
          document.body.textContent?.includes(text) ? requestAnimationFrame(check) : resolve(performance.now() - start);
        check();
      }),
    SUCCESS,
  );
  for (const label of ['Name', 'Email', 'Phone', 'Message']) await expect(form.getByLabel(label)).toHaveValue('');
  expect(await storedWith(marker)).toEqual([
    { name: 'Trần Thị Mai', email: 'mai@example.com', phone: '0901 234 567', message: `Xin chào! ${marker}` },
  ]);
  expect(await shownFor).toBeGreaterThan(6_500);
  expect(await shownFor).toBeLessThan(7_500);
  await expect(form.getByText(SUCCESS)).toBeHidden();
});

test('the contact page shows the owner’s phone, e-mail and address', async ({ page, request }) => {
  const [info] = await api<GeneralInfo[]>(request, '/api/gst-generalInfo');
  await page.goto('/contact');
  const details = page.getByRole('region', { name: 'Contact details' });
  await expect(details.getByRole('link', { name: info.phone })).toHaveAttribute('href', /^tel:\+?\d+$/);
  await expect(details.getByRole('link', { name: info.email })).toHaveAttribute('href', `mailto:${info.email}`);
  await expect(details).toContainText(info.address);
});

test('the home page’s form sends too', async ({ page }) => {
  const marker = `home-${Date.now()}`;
  await page.goto('/');
  const form = await fillForm(page, { name: 'An', email: 'an@example.com', phone: '', message: marker });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText(SUCCESS)).toBeVisible();
  expect(await storedWith(marker)).toEqual([{ name: 'An', email: 'an@example.com', phone: '', message: marker }]);
});

test('the form says what is missing and sends nothing', async ({ page }) => {
  const sends: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('contact.send')) sends.push(req.url());
  });
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Email is required')).toBeVisible();
  await expect(form.getByText('Message is required')).toBeVisible();
  await expect(form.getByLabel('Name')).toBeFocused();

  await form.getByLabel('Name').fill('An');
  await form.getByLabel('Email').fill('an@');
  await form.getByLabel('Message').fill('Hello');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Email must be a valid e-mail address')).toBeVisible();
  expect(sends).toEqual([]);
});

test('when sending fails the form says so and keeps the text; sending again works', async ({ page }) => {
  const marker = `retry-${Date.now()}`;
  await page.route('**/trpc/contact.send**', (route) => route.abort('connectionfailed'));
  await page.goto('/contact');
  const form = await fillForm(page, { name: 'Bình', email: 'binh@example.com', phone: '', message: marker });
  await form.getByRole('button', { name: 'Send message' }).click();

  await expect(form.getByRole('alert')).toContainText('Your message could not be sent');
  await expect(form.getByLabel('Message')).toHaveValue(marker);
  await expect(form.getByLabel('Name')).toHaveValue('Bình');
  expect(await storedWith(marker)).toEqual([]);

  await page.unroute('**/trpc/contact.send**');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText(SUCCESS)).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);
  expect(await storedWith(marker)).toHaveLength(1);
});

test('past the rate limit the form says when to try again, keeps the text and nothing is stored', async ({ page }) => {
  const marker = `limited-${Date.now()}`;
  const email = `${marker}@example.com`;
  // This sender e-mail has used up its day, as after ten messages: set in PostgreSQL, so that the
  // address the other tests send from keeps its own count.
  await queryDatabase('INSERT INTO rate_limits (key, points, expire) VALUES ($1, $2, $3)', [
    `contact-perEmailDaily:${email}`,
    CONTACT_RATE_LIMITS.perEmailDaily.points,
    Date.now() + 60 * 60 * 1000,
  ]);
  try {
    await page.goto('/contact');
    const form = await fillForm(page, { name: 'Cường', email, phone: '', message: `Once more ${marker}` });
    await form.getByRole('button', { name: 'Send message' }).click();

    await expect(form.getByRole('alert')).toHaveText(
      'Too many messages have been sent from here. Please try again in 60 minutes: what you wrote is kept.',
    );
    await expect(form.getByLabel('Message')).toHaveValue(`Once more ${marker}`);
    await expect(form.getByLabel('Email')).toHaveValue(email);
    expect(await storedWith(marker)).toEqual([]);
  } finally {
    // The refused message counted against this browser's address too: the other tests get it back.
    await queryDatabase("DELETE FROM rate_limits WHERE key LIKE 'contact-%'");
  }
});
