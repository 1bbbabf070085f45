import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { Client } from 'pg';
import { E2E_BASE_URL, E2E_DATABASE_URL_ENV } from './server';

/** The widths the site is checked at: a phone, a tablet and a laptop (issue: quality bars). */
export const WIDTHS = { phone: 360, tablet: 768, desktop: 1280 } as const;

/** A visible post of the demo content in each of the categories the post page treats apart. */
export const DEMO = {
  storyPost: 'ha-giang-buckwheat-season-mountain-loop',
  seoPost: 'on-page-seo-checklist-small-business',
  wordpressPost: 'install-wordpress-with-wp-cli',
  hiddenPost: 'draft-plum-blossom-season-moc-chau',
  visiblePosts: 15,
} as const;

/** Every kind of public page the server renders, with its title and a heading it shows. */
export const PUBLIC_PAGES = [
  { path: '/', title: "Phuong's Blog", heading: 'Recent posts' },
  {
    path: `/${DEMO.storyPost}`,
    title: 'Hà Giang in buckwheat season: four days on the mountain loop',
    heading: 'Hà Giang',
  },
  { path: '/posts', title: 'All Posts', heading: 'All Posts' },
  { path: '/posts?page=2', title: 'All Posts', heading: 'All Posts' },
  { path: '/category/story', title: 'Story', heading: 'Story' },
  { path: '/search?key=tieng+anh', title: 'Search results for tieng anh', heading: 'found for “tieng anh”' },
  { path: '/about', title: 'About', heading: 'About me' },
  { path: '/contact', title: 'Contact', heading: 'Contact' },
];

/** React has taken the server's markup over (hydrateRoot marks its container). */
export const hydrated = (page: Page) =>
  page.evaluate(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
  );

/** Reads the REST API: the same service the pages read through tRPC. */
export async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  if (!res.ok()) throw new Error(`GET ${path} answered ${res.status()}`);
  return (await res.json()) as T;
}

/** Runs one query on the database the server under test writes to. */
export async function queryDatabase<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const url = process.env[E2E_DATABASE_URL_ENV];
  if (!url) throw new Error(`${E2E_DATABASE_URL_ENV} is not set: the global setup sets it`);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Records every request the page makes to another origin than the site's. */
export function recordExternalRequests(page: Page): string[] {
  const external: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== E2E_BASE_URL) external.push(req.url());
  });
  return external;
}

/** How far the page overflows the window sideways (0 when nothing sticks out). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The JSON-LD blocks of the page, parsed. */
export function structuredData(page: Page): Promise<Array<Record<string, unknown>>> {
  return page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>));
}

/**
 * Records the Content-Security-Policy violations of the page, as the browser reports them to the
 * page (`script-src-elem inline`) and in its console, from its first script on.
 */
export async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (violation: string) => violations.push(violation));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportCspViolation: (violation: string) => void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    ),
  );
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** The page's serious and critical accessibility violations (WCAG 2.1 A and AA, best practices), each named with where it is. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}
