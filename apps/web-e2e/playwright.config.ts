import { defineConfig } from '@playwright/test';
import { nxE2EPreset } from '@nx/playwright/preset';
import { E2E_BASE_URL } from './src/support/server';

/**
 * Browser tests drive the production build (`dist/apps/api` serving `dist/apps/web`) on a real
 * PostgreSQL, in Debian's Chromium: Playwright's own browser download does not work here.
 */
export default defineConfig({
  ...nxE2EPreset(__filename, { testDir: './src' }),
  globalSetup: './src/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // One retry on CI only: a slow shared runner must not fail a run on a timing hiccup (a retried pass is still reported as flaky).
  retries: process.env['CI'] ? 1 : 0,
  // Room for a machine busy with the rest of `npm test` (two shared cores): assertions retry until
  // they hold, so a passing test never waits for these; Playwright's 5 s per assertion is too little there.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
