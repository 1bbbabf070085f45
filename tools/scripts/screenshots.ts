/**
 * Takes the README's screenshots of the real site: `npm run screenshots` (which builds api and web first).
 * The production build runs on a throw-away database seeded with the demo content, started as the
 * browser tests start it (their global setup; `E2E_PORT` chooses the port), and Debian's Chromium
 * takes one 1280×800 viewport of the home page and one of the administrator's posts list.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import playwrightConfig from '../../apps/web-e2e/playwright.config';
import { signIn } from '../../apps/web-e2e/src/support/admin';
import globalSetup from '../../apps/web-e2e/src/support/global-setup';
import { E2E_BASE_URL } from '../../apps/web-e2e/src/support/server';

const IMAGES_DIR = join(__dirname, '../../docs/images');
const VIEWPORT = { width: 1280, height: 800 };

/** Writes what the page shows once nothing is loading any more, as a PNG of few colours (a few hundred kB, not MBs). */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const png = await page.screenshot();
  await sharp(png).png({ palette: true, compressionLevel: 9 }).toFile(join(IMAGES_DIR, name));
  console.log(`Wrote docs/images/${name}`);
}

async function main(): Promise<void> {
  mkdirSync(IMAGES_DIR, { recursive: true });
  const stopSite = await globalSetup();
  try {
    const browser = await chromium.launch(playwrightConfig.use?.launchOptions);
    try {
      const page = await browser.newPage({ baseURL: E2E_BASE_URL, viewport: VIEWPORT });
      await page.goto('/');
      await page.getByRole('heading', { name: 'Recent posts' }).waitFor();
      await screenshot(page, 'public-site.png');

      await signIn(page);
      await page.goto('/admin/view-post');
      await page.getByRole('row').nth(1).waitFor();
      await screenshot(page, 'admin.png');
    } finally {
      await browser.close();
    }
  } finally {
    await stopSite();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
