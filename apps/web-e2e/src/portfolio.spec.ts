import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { INQUIRY_CTA_LABELS, inquiryHref } from '@blog/contracts';
import { adminApi } from './support/admin';
import { E2E_BASE_URL } from './support/server';
import { seriousAccessibilityViolations, structuredData, WIDTHS } from './support/site';

/**
 * The portfolio as visitors and crawlers get it: filtered by links without JavaScript, a case study
 * that ends with the inquiry link, the services page; accessible on a phone and a laptop. The test's
 * projects, service and testimonial are saved through the API (and removed after).
 */
const run = Date.now().toString(36);
const STACK = `e2e-${run}`;
const PROJECT = { slug: `homestay-${run}`, title: `Homestay booking ${run}` };
const OTHER = { slug: `shop-${run}`, title: `Small shop ${run}` };
const SERVICE = { slug: `websites-${run}`, name: `Websites ${run}` };
const LAPTOP = 1366;

let admin: APIRequestContext;
const created: Array<{ path: string; id: number }> = [];

async function save(path: string, data: Record<string, unknown>): Promise<number> {
  const response = await admin.post(path, { data });
  expect(response.ok(), await response.text()).toBe(true);
  const { id } = (await response.json()) as { id: number };
  created.push({ path, id });
  return id;
}

test.beforeAll(async () => {
  admin = await adminApi(await request.newContext({ baseURL: E2E_BASE_URL }));
  const projectId = await save('/api/admin/projects', {
    ...PROJECT,
    client_name: 'Nhà Mây homestay',
    client_url: 'https://nhamay.example',
    year_from: 2024,
    role: 'Design and development',
    team_size: 2,
    stack: [STACK, 'react'],
    summary: 'Direct bookings for a homestay in Sa Pa.',
    problem: '<p>Every booking went through a marketplace.</p>',
    approach: '<p>A fast booking page with a calendar.</p>',
    outcome: '<p>Guests book directly.</p>',
    results: [
      { label: 'Page load', value: '4.1 s → 0.9 s' },
      { label: 'Direct bookings', value: '+38 %' },
    ],
    featured: true,
    published_at: 'now',
  });
  await save('/api/admin/projects', { ...OTHER, year_from: 2023, stack: ['wordpress'], published_at: 'now' });
  await save('/api/services', {
    ...SERVICE,
    summary: 'A site for a small business.',
    deliverables: ['Design', 'Hosting set up'],
    duration: '3–4 weeks',
    price_vnd: 15_000_000,
  });
  await save('/api/testimonials', {
    name: 'Chị Mây',
    company: 'Nhà Mây homestay',
    quote: `Half of our guests now book with us directly ${run}.`,
    project_id: projectId,
    consented_on: '2025-01-02',
  });
});

test.afterAll(async () => {
  for (const { path, id } of created.reverse()) await admin.delete(`${path}/${id}`);
  await admin.dispose();
});

test('without JavaScript a visitor filters the portfolio by a stack link and opens a case study that ends with the inquiry', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto('/portfolio');
    await expect(page.getByRole('link', { name: OTHER.title })).toBeVisible();
    await page
      .getByRole('list', { name: `Stack of ${PROJECT.title}` })
      .getByRole('link', { name: STACK })
      .click();
    await expect(page).toHaveURL(`/portfolio?stack=${STACK}`);
    await expect(page.getByRole('status')).toContainText(`Projects built with ${STACK}`);
    await expect(page.getByRole('link', { name: OTHER.title })).toHaveCount(0);
    await page.getByRole('link', { name: PROJECT.title }).click();
    await expect(page).toHaveURL(`/portfolio/${PROJECT.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: PROJECT.title })).toBeVisible();
    await expect(page.getByText(`Half of our guests now book with us directly ${run}.`)).toBeVisible();
    await expect(page.getByRole('link', { name: INQUIRY_CTA_LABELS.project })).toHaveAttribute(
      'href',
      inquiryHref('project', PROJECT.slug, `/portfolio/${PROJECT.slug}`),
    );
  } finally {
    await context.close();
  }
});

// Named without the run's slug: a test's title is the same in every process that loads this file.
const PAGES = { portfolio: '/portfolio', 'a case study': `/portfolio/${PROJECT.slug}`, services: '/services' };
for (const [name, path] of Object.entries(PAGES)) {
  for (const width of [WIDTHS.phone, LAPTOP]) {
    test(`${name} has no serious or critical accessibility violation at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.locator('.ui-spinner')).toHaveCount(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  }
}

test("the crawler's view: full HTML without JavaScript, with the case study's CreativeWork and the services' Offers", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    const caseStudy = await page.goto(`/portfolio/${PROJECT.slug}`);
    expect(caseStudy?.status()).toBe(200);
    await expect(page.locator('dl.project-results dd')).toHaveText(['4.1 s → 0.9 s', '+38 %']);
    await expect(page.getByRole('heading', { level: 2 })).toContainText(['The problem', 'The approach', 'The outcome']);
    const work = await structuredData(page);
    expect(work).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          '@type': 'CreativeWork',
          name: PROJECT.title,
          creator: expect.objectContaining({ '@type': 'Person' }),
        }),
        expect.objectContaining({ '@type': 'BreadcrumbList' }),
      ]),
    );
    expect(JSON.stringify(work)).not.toMatch(/Review|aggregateRating/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${E2E_BASE_URL}/portfolio/${PROJECT.slug}`,
    );

    expect((await page.goto('/services'))?.status()).toBe(200);
    await expect(page.getByRole('region', { name: SERVICE.name })).toContainText('From 15.000.000 ₫');
    const services = (await structuredData(page)).find((data) => data['@graph']);
    expect(services?.['@graph']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          '@type': 'Service',
          name: SERVICE.name,
          offers: expect.objectContaining({ priceCurrency: 'VND' }),
        }),
      ]),
    );

    expect((await page.goto('/portfolio/no-such-project'))?.status()).toBe(404);
  } finally {
    await context.close();
  }
});
