import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminApi } from './support/admin';
import { E2E_BASE_URL } from './support/server';
import { DEMO, horizontalOverflow, WIDTHS } from './support/site';

const PAGES = ['/', `/${DEMO.storyPost}`, '/posts', '/category/story', '/search?key=ha+giang', '/about', '/contact'];

test('no page overflows sideways at 360, 768 or 1280 px', async ({ page }) => {
  for (const width of Object.values(WIDTHS)) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.locator('.ui-spinner--full-screen')).toHaveCount(0);
      expect(await horizontalOverflow(page), `${path} at ${width} px`).toBeLessThanOrEqual(0);
      // The content keeps to 1140 px.
      const widest = await page
        .locator('.container')
        .evaluateAll((els) => Math.max(...els.map((el) => el.getBoundingClientRect().width)));
      expect(widest).toBeLessThanOrEqual(1140);
    }
  }
});

for (const width of [WIDTHS.phone, WIDTHS.tablet]) {
  test(`the menu folds behind a toggle at ${width} px and leads to a category`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(toggle).toBeVisible();
    await expect(nav).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'About me' })).toBeVisible();
    await nav.getByRole('button', { name: 'Posts' }).click();
    await nav.getByRole('link', { name: 'Poem' }).click();

    await expect(page).toHaveURL('/category/poem');
    await expect(page.getByRole('heading', { level: 1, name: 'Poem' })).toBeVisible();
    await expect(nav).toBeHidden();
  });
}

test('on a wide window the navigation is in the header, the Posts dropdown lists every category', async ({ page }) => {
  await page.setViewportSize({ width: WIDTHS.desktop, height: 800 });
  await page.goto('/about');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  const posts = nav.getByRole('button', { name: 'Posts' });
  await posts.click();
  const menu = nav.locator('.posts-dropdown__menu');
  await expect(menu.getByRole('link')).toHaveText([
    'Tiếng Anh',
    'Story',
    'Poem',
    'SEO',
    'Computing Tips',
    'WordPress',
    'All Posts',
  ]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await posts.click();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(menu).toBeHidden();
  await posts.click();
  await menu.getByRole('link', { name: 'All Posts' }).click();
  await expect(page).toHaveURL('/posts');
});

test('the logo, the favicon and the footer', async ({ page }) => {
  await page.goto('/posts');
  const logo = page.getByRole('banner').getByRole('img', { name: "Phuong's Blog" });
  await expect(logo).toHaveAttribute('src', '/uploads/logo-1.png');
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/uploads/favicon.png');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('navigation', { name: 'Footer' }).getByRole('link')).toHaveText([
    'Home',
    'About',
    'Blog',
    'Portfolio',
    'Contact',
  ]);
  // The demo site sets no social profile: no social link (admin-polish.spec.ts sets one).
  await expect(footer.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(0);
  await expect(footer).toContainText("Copyright 2025 © Phuong's Blog");
  // Logo 2 of the general information, as its field in the admin says.
  const footerLogo = footer.locator('img.site-footer__logo');
  await expect(footerLogo).toHaveAttribute('src', '/uploads/logo-2.png');
  await footerLogo.scrollIntoViewIfNeeded();
  await expect.poll(() => footerLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('the banner is 390 px high from medium screens up', async ({ page }) => {
  await page.setViewportSize({ width: WIDTHS.tablet, height: 800 });
  await page.goto('/about');
  await expect(page.locator('.ui-banner')).toHaveCSS('height', '390px');
  await page.setViewportSize({ width: WIDTHS.phone, height: 800 });
  await expect(page.locator('.ui-banner')).not.toHaveCSS('height', '390px');
});

test('the scroll-to-top button appears past 400 px and glides back to the top in about 500 ms', async ({ page }) => {
  await page.setViewportSize({ width: WIDTHS.phone, height: 700 });
  await page.goto('/posts');
  await expect(page.getByRole('article').first()).toBeVisible();
  const button = page.getByRole('button', { name: 'Scroll to top' });
  await expect(button).toHaveCount(0);

  await page.evaluate(() => window.scrollTo(0, 380));
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 2000));
  await expect(button).toBeVisible();

  const samples = await page.evaluate(async () => {
    const start = performance.now();
    (document.querySelector('.ui-scroll-to-top') as HTMLButtonElement).click();
    const positions: Array<[number, number]> = [];
    while (window.scrollY > 0 && performance.now() - start < 2000) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      positions.push([performance.now() - start, window.scrollY]);
    }
    return positions;
  });
  const [lastTime, lastY] = samples[samples.length - 1];
  expect(lastY).toBe(0);
  expect(lastTime).toBeGreaterThan(400);
  expect(lastTime).toBeLessThan(800);
  // Smooth: it passes through the positions in between.
  expect(samples.some(([, y]) => y > 200 && y < 1800)).toBe(true);
  await expect(button).toHaveCount(0);
});

test.describe('the Posts menu with 200 categories', () => {
  const MANY = 200;
  const slugs = Array.from({ length: MANY }, (_, i) => `many-${String(i + 1).padStart(3, '0')}`);
  const last = slugs[MANY - 1];
  const PHONE = { width: 390, height: 844 };
  let ids: number[] = [];

  test.beforeAll(async ({ playwright }) => {
    // Two hundred writes, each invalidating the cached pages, on a busy machine.
    test.setTimeout(180_000);
    const admin = await adminApi(await playwright.request.newContext({ baseURL: E2E_BASE_URL }));
    for (const slug of slugs) {
      const created = await admin.post('/api/categories', { data: { name: `Chủ đề ${slug}`, slug } });
      expect(created.ok(), `${slug}: ${created.status()}`).toBe(true);
      ids.push(((await created.json()) as { id: number }).id);
    }
    await admin.dispose();
  });

  test.afterAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    const admin = await adminApi(await playwright.request.newContext({ baseURL: E2E_BASE_URL }));
    for (const id of ids) expect((await admin.delete(`/api/categories/${id}`)).ok()).toBe(true);
    ids = [];
    await admin.dispose();
  });

  /** Opens `path` until its header lists the new categories (a page kept from before may be served once). */
  async function gotoWithCategories(page: Page, path: string) {
    await expect(async () => {
      await page.goto(path);
      await expect(page.locator(`.posts-dropdown__menu a[href="/category/${last}"]`)).toHaveCount(1, {
        timeout: 1_000,
      });
    }).toPass();
  }

  /** The last category: brought into view as a visitor would (scrolling, or the browser for Tab), then followed. */
  async function followLast(page: Page, nav: Locator) {
    const link = nav.getByRole('link', { name: `Chủ đề ${last}` });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport({ ratio: 1 });
    await link.click();
    await expect(page).toHaveURL(`/category/${last}`);
  }

  test('on a desktop the list fits the window, scrolls, and works by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: WIDTHS.desktop, height: 800 });
    await gotoWithCategories(page, '/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const posts = nav.getByRole('button', { name: 'Posts' });
    const menu = nav.locator('.posts-dropdown__menu');
    await posts.focus();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('link')).toHaveCount(MANY + 6 + 1);
    const box = await menu.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? Infinity)).toBeLessThanOrEqual(800);
    // All Posts stays in sight however far the list is scrolled.
    await expect(menu.getByRole('link', { name: 'All Posts' })).toBeInViewport({ ratio: 1 });
    // Tab walks down the list, each entry brought into view.
    for (let i = 0; i < 6 + 30; i++) await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: `Chủ đề ${slugs[29]}` })).toBeFocused();
    await expect(menu.getByRole('link', { name: `Chủ đề ${slugs[29]}` })).toBeInViewport({ ratio: 1 });
    await followLast(page, nav);
  });

  test('on a phone the open menu fits the screen and the search box stays reachable', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await gotoWithCategories(page, '/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await page.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('button', { name: 'Posts' }).click();
    const header = await page.locator('.site-header').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(PHONE.height);
    const search = page.getByRole('searchbox', { name: 'Search posts' });
    await search.scrollIntoViewIfNeeded();
    await expect(search).toBeInViewport({ ratio: 1 });
    await followLast(page, nav);
  });

  test('without JavaScript the same on a phone and a desktop', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: E2E_BASE_URL, javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await gotoWithCategories(page, '/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await page.locator('label.site-header__toggle').click();
    await nav.locator('summary', { hasText: 'Posts' }).click();
    expect((await page.locator('.site-header').boundingBox())?.height).toBeLessThanOrEqual(PHONE.height);
    const search = page.getByRole('searchbox', { name: 'Search posts' });
    await search.scrollIntoViewIfNeeded();
    await expect(search).toBeInViewport({ ratio: 1 });
    await followLast(page, nav);

    await page.setViewportSize({ width: WIDTHS.desktop, height: 800 });
    await page.goto('/about');
    await nav.locator('summary', { hasText: 'Posts' }).click();
    const box = await nav.locator('.posts-dropdown__menu').boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? Infinity)).toBeLessThanOrEqual(800);
    await followLast(page, nav);
    await context.close();
  });
});
