import { expect, test, type APIRequestContext } from '@playwright/test';
import { SITE_FEED_PATHS, splitLanguagePath } from '@blog/contracts';
import { E2E_BASE_URL } from './support/server';

// Google's rules for hreflang, over the whole public site, with requests only (no browser): every
// version lists itself and every translation, every target answers 200, none points at a page that is
// not one of its translations.

/** Enough for the demo site and what the other tests add; a runaway crawl stops here. */
const MAX_PAGES = 400;
/** Addresses that are not public pages of their own (the admin, the API, files, private links, search results). */
const NOT_A_PAGE =
  /^\/(admin|login|api|uploads|assets|preview|subscribe\/|search|comments|password)|\.(xml|txt|js|css)$/;

/** A site path of `href` on this site, without fragment and query (lists' later pages are not crawled). */
function sitePath(href: string): string | null {
  const url = new URL(href, E2E_BASE_URL);
  if (url.origin !== E2E_BASE_URL || url.search || NOT_A_PAGE.test(splitLanguagePath(url.pathname).path)) return null;
  return url.pathname;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

/** The page's hreflang alternates: language (or x-default) → absolute URL. */
function alternatesOf(html: string): Map<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const links = head.match(/<link\b[^>]*\srel="alternate"[^>]*>/gi) ?? [];
  return new Map(
    links
      .filter((tag) => attribute(tag, 'hreflang'))
      .map((tag) => [attribute(tag, 'hreflang') as string, attribute(tag, 'href') as string]),
  );
}

async function sitemapPaths(request: APIRequestContext, path: string): Promise<string[]> {
  const xml = await (await request.get(path)).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  const nested = await Promise.all(
    locs.filter((loc) => loc.endsWith('.xml')).map((loc) => sitemapPaths(request, new URL(loc).pathname)),
  );
  return [...locs.map(sitePath).filter((found): found is string => found !== null), ...nested.flat()];
}

test('hreflang holds over the whole site: reciprocal, self-listed, every target public', async ({ request }) => {
  test.setTimeout(240_000);
  const queue = [...new Set(['/', ...(await sitemapPaths(request, SITE_FEED_PATHS.sitemap))])];
  const seen = new Set(queue);
  const pages = new Map<string, { status: number; alternates: Map<string, string> }>();
  while (queue.length > 0 && pages.size < MAX_PAGES) {
    const path = queue.shift() as string;
    const response = await request.get(path, { maxRedirects: 0 });
    const html = response.status() === 200 ? await response.text() : '';
    pages.set(path, { status: response.status(), alternates: alternatesOf(html) });
    for (const [, href] of html.matchAll(/<a\b[^>]*\shref="([^"#]+)/gi)) {
      const next = sitePath(href);
      if (next && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  const withAlternates = [...pages].filter(([, page]) => page.alternates.size > 0);
  // The demo content has stories and a case study in both languages: the check is not vacuous, and
  // covers the portfolio's project pages.
  expect(withAlternates.length).toBeGreaterThan(0);
  const projectPages = withAlternates.filter(([path]) => splitLanguagePath(path).path.startsWith('/portfolio/'));
  expect(projectPages.map(([path]) => splitLanguagePath(path).language ?? 'en').sort()).toEqual(
    expect.arrayContaining(['en', 'vi']),
  );

  const problems: string[] = [];
  for (const [path, { alternates }] of withAlternates) {
    const versions = [...alternates].filter(([language]) => language !== 'x-default');
    const urls = versions.map(([, url]) => url);
    if (!urls.includes(`${E2E_BASE_URL}${path}`)) problems.push(`${path} does not list itself`);
    if (!urls.includes(alternates.get('x-default') ?? ''))
      problems.push(`${path}: x-default is not one of its versions`);
    for (const url of urls) {
      const target = new URL(url).pathname;
      const other = pages.get(target) ?? {
        status: (await request.get(target, { maxRedirects: 0 })).status(),
        alternates: alternatesOf(await (await request.get(target)).text()),
      };
      if (other.status !== 200) problems.push(`${path} points at ${target}, which answers ${other.status}`);
      const back = [...other.alternates].filter(([language]) => language !== 'x-default');
      if (JSON.stringify(back.sort()) !== JSON.stringify([...versions].sort())) {
        problems.push(`${path} and ${target} do not list the same versions`);
      }
    }
  }
  expect(problems).toEqual([]);
});
