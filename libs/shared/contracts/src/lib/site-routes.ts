import { LANGUAGES } from './language';
import { SLUG_PATTERN } from './limits';
import { DEFAULT_FAVICON_PATH, PREVIEW_PATH_PREFIX, SITEMAP_FILE_PATHS } from './site';

/** The public pages' routes, named before `SITE_ROUTES` so that the portfolio's feed below can lie under its page. */
const PAGE_ROUTES = {
  home: '/',
  posts: '/posts',
  category: '/category/:slug',
  search: '/search',
  about: '/about',
  contact: '/contact',
  preview: `${PREVIEW_PATH_PREFIX}:token`,
  portfolio: '/portfolio',
  project: '/portfolio/:slug',
  services: '/services',
  subscribe: '/subscribe',
  subscribeConfirm: '/subscribe/confirm',
  subscribePreferences: '/subscribe/preferences',
} as const;

/**
 * The feeds served outside the `/api` prefix (`robots.txt`, `sitemap.xml`, the posts' `rss.xml` at
 * the site root, and the portfolio's `/portfolio/rss.xml`, which a page of the portfolio announces).
 * Whatever serves the web app must let these paths through to the API.
 */
export const SITE_FEED_PATHS = {
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
  rss: '/rss.xml',
  portfolioRss: `${PAGE_ROUTES.portfolio}/rss.xml`,
} as const;

/**
 * The site's own addresses, in React Router's notation (`:name` is one segment, a trailing `/*` the
 * path and everything under it): the one list the web app's router takes its paths from, the server
 * tells its pages, sign-in and files apart by, a redirect may never come from (it would take the
 * page's place) and a post's slug may never be the first segment of. A route added to the site is
 * added here. Free of zod, so that the public pages can import it.
 */
export const SITE_ROUTES = {
  /** The public pages, rendered by the server (libs/api/pages) and hydrated in the browser. */
  pages: PAGE_ROUTES,
  /** Sign-in and the back-office: rendered in the browser. */
  app: {
    admin: '/admin/*',
    login: '/login',
    requestPassword: '/request-password',
    resetPassword: '/reset-password',
  },
  /** Answered by the API or served as files, never by the web app. */
  server: {
    api: '/api/*',
    trpc: '/trpc/*',
    uploads: '/uploads/*',
    assets: '/assets/*',
    robots: SITE_FEED_PATHS.robots,
    sitemap: SITE_FEED_PATHS.sitemap,
    rss: SITE_FEED_PATHS.rss,
    portfolioRss: SITE_FEED_PATHS.portfolioRss,
    sitemapPages: SITEMAP_FILE_PATHS.pages,
    sitemapPosts: SITEMAP_FILE_PATHS.posts,
    favicon: DEFAULT_FAVICON_PATH,
    indexHtml: '/index.html',
  },
} as const;

/** The portfolio's list of projects, whose case studies are under it (`projectPath`). */
export const PORTFOLIO_PATH = SITE_ROUTES.pages.portfolio;
/** The page of the services the owner offers. */
export const SERVICES_PATH = SITE_ROUTES.pages.services;
/** A case study's address: `/portfolio/{slug}`. */
export const projectPath = (slug: string) => SITE_ROUTES.pages.project.replace(':slug', encodeURIComponent(slug));
/** A service's place on the services page (`/services#{slug}`): each service's section has its slug as id. */
export const serviceAnchorPath = (slug: string) => `${SERVICES_PATH}#${encodeURIComponent(slug)}`;

/**
 * A post's address, the router's last public route: the addresses of content rather than of the
 * site, so an old post's address may be redirected; no post slug is a first segment of `SITE_ROUTES`.
 */
export const POST_ROUTE = '/:slug';
/** A post's address in the default language, `/{slug}` (`languagePath` puts another language's under its code). */
export const postPath = (slug: string) => POST_ROUTE.replace(':slug', encodeURIComponent(slug));
/** A category's page in the default language, `/category/{slug}` (`languagePath` as for posts). */
export const categoryPath = (slug: string) => SITE_ROUTES.pages.category.replace(':slug', encodeURIComponent(slug));

export type SiteRouteKind = keyof typeof SITE_ROUTES;
export interface SiteRoute {
  kind: SiteRouteKind;
  /** As written in `SITE_ROUTES` (`/category/:slug`). */
  route: string;
}

const SLUG_SEGMENT = SLUG_PATTERN.source.replace(/^\^|\$$/g, '');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A route as a pattern over a path without its query and trailing slashes, case ignored (React Router
 * and Express both ignore it): `:slug` is a segment shaped like a slug (no category or post can have
 * another: `/category/du-lịch` is no page of the site), any other `:name` a segment.
 */
function routePattern(route: string): RegExp {
  const below = route.endsWith('/*');
  const source = (below ? route.slice(0, -2) : route)
    .split(/(:[a-z]+)/i)
    .map((part) => {
      if (part === ':slug') return SLUG_SEGMENT;
      return part.startsWith(':') ? '[^/]+' : escapeRegExp(part);
    })
    .join('');
  return new RegExp(`^${source === '/' ? '' : source}${below ? '(?:/.*)?' : ''}$`, 'i');
}

/**
 * Every route's pattern, a route of one address before those of everything under a path, so that the
 * address wins: `/portfolio/rss.xml` is the server's feed, though it lies under `/portfolio/*`.
 */
const PATTERNS: ReadonlyArray<SiteRoute & { pattern: RegExp }> = Object.entries(SITE_ROUTES)
  .flatMap(([kind, routes]) =>
    Object.values(routes).map((route) => ({ kind: kind as SiteRouteKind, route, pattern: routePattern(route) })),
  )
  .sort((a, b) => Number(a.route.endsWith('/*')) - Number(b.route.endsWith('/*')));

/**
 * The route of the site that answers `path` (`/about`, `/About/`, `/api/posts?x`, `/category/travel`),
 * or undefined for any other path (a post's, an old address). Its query and fragment do not matter.
 */
export function siteRouteOf(path: string): SiteRoute | undefined {
  const bare = path.replace(/[?#].*$/s, '').replace(/\/+$/, '');
  const found = PATTERNS.find(({ pattern }) => pattern.test(bare));
  return found && { kind: found.kind, route: found.route };
}

/**
 * First path segments a post, served at `/{slug}`, may not take: those of `SITE_ROUTES` and the
 * languages' codes (`/vi` is the Vietnamese home; `postSlugSchema` refuses them). Category slugs live
 * under `/category/` and are free.
 */
export const RESERVED_POST_SLUGS: readonly string[] = [
  ...new Set([
    ...Object.values(SITE_ROUTES)
      .flatMap((routes) => Object.values(routes))
      .map((route) => route.split('/')[1])
      .filter((segment) => segment !== '' && !segment.includes(':')),
    ...LANGUAGES,
  ]),
];

export function isReservedPostSlug(slug: string): boolean {
  return RESERVED_POST_SLUGS.includes(slug.trim().toLowerCase());
}

/**
 * The portfolio page's filters, query parameters of `/portfolio` (`?stack=react`, `?service=<slug>`), so
 * a filtered list is a link: each makes another page of the page cache. Here, free of zod, for the
 * public pages.
 */
export const PORTFOLIO_FILTER_PARAMS = ['stack', 'service'] as const;

/** The search page's term (`/search?key=…`). */
export const SEARCH_TERM_PARAM = 'key';
/**
 * The only query parameters a public page reads (`?page=2`, `?key=…`, the portfolio's `?stack=react`):
 * the others (`utm_source`…) do not make another page.
 */
export const PUBLIC_PAGE_PARAMS = ['page', SEARCH_TERM_PARAM, ...PORTFOLIO_FILTER_PARAMS] as const;
export type PortfolioFilter = Partial<Record<(typeof PORTFOLIO_FILTER_PARAMS)[number], string>>;
