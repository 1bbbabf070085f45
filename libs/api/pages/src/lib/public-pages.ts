import { Logger } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RenderPage, RenderPageOptions } from '@blog/contracts';
import {
  COMMENT_LINK_PARAMS,
  CONTACT_SENT_PARAM,
  SUBSCRIBED_PARAM,
  SUBSCRIPTION_LINK_PARAMS,
  INQUIRY_FIELDS,
  PREVIEW_PATH_PREFIX,
  PUBLIC_PAGE_PARAMS,
  SITE_ROUTES,
  siteRouteOf,
  splitLanguagePath,
} from '@blog/contracts';
import { hasSessionCookie } from '@blog/api/security';
import { createNonce, NON_HTML_CONTENT_SECURITY_POLICY, type ContentSecurityPolicy } from '@blog/api/http';
import { layoutLanguageOf, storedPage, type Encoding, type PageCache, type StoredPage } from './page-cache';
import type { PageStore } from './page-cache.service';

/**
 * Parameters that make a page one visitor's, rendered with them for that visitor only, never cached:
 * `?sent=1` and `?subscribed=1` (the contact and subscription forms' thanks after they were sent without
 * JavaScript, on any page with the forms); on the contact page only, an inquiry's topic and source page,
 * which any link may vary without end (elsewhere `?service=` is the portfolio's filter, a page of the
 * cache); on the subscription pages, the signed link's token and the outcome of its button; on any
 * other page (a post's), the comment form's way back: the writer's held comment by its token, or why
 * the comment was refused.
 */
function privatePageParams(languagePath: string): readonly string[] {
  // `/vi/contact` is the contact page as `/contact` is: the rules are the page's, in any language.
  const { path } = splitLanguagePath(languagePath);
  if (path === SITE_ROUTES.pages.contact) return CONTACT_PAGE_PRIVATE_PARAMS;
  if (path === SITE_ROUTES.pages.subscribeConfirm || path === SITE_ROUTES.pages.subscribePreferences) {
    return SUBSCRIPTION_LINK_PRIVATE_PARAMS;
  }
  return POST_PAGE_PRIVATE_PARAMS;
}
const FORM_THANKS_PARAMS = [CONTACT_SENT_PARAM, SUBSCRIBED_PARAM];
const CONTACT_PAGE_PRIVATE_PARAMS = [...FORM_THANKS_PARAMS, ...INQUIRY_FIELDS];
const SUBSCRIPTION_LINK_PRIVATE_PARAMS = [...FORM_THANKS_PARAMS, ...Object.values(SUBSCRIPTION_LINK_PARAMS)];
const POST_PAGE_PRIVATE_PARAMS = [...FORM_THANKS_PARAMS, ...Object.values(COMMENT_LINK_PARAMS)];

/**
 * Anonymous answers may be kept by a CDN for a minute (a change reaches it within that time), and are
 * revalidated by browsers with their ETag; signed-in answers are never stored anywhere.
 */
const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=60';
const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** Statuses that say the same thing until the content changes. */
const CACHEABLE_STATUSES = new Set([200, 301]);

/**
 * Paths the web app never answers (`SITE_ROUTES.server`: the API's own 404s stay visible; a missing
 * old chunk is a 404, not a page).
 */
export function isServerPath(path: string): boolean {
  return siteRouteOf(path)?.kind === 'server';
}

/** Whether the server renders `path` as a public page: any but `SITE_ROUTES.server` and `.app` (sign-in, the admin). */
export function isPublicPagePath(path: string): boolean {
  const kind = siteRouteOf(path)?.kind;
  return kind !== 'server' && kind !== 'app';
}

/** `/posts?utm_source=x&page=2` → `/posts?page=2`: one cache entry (and one rendering) per page. */
export function pageKey(req: Request): string {
  return pageKeyOf(req.originalUrl);
}

function pageKeyOf(requestUrl: string): string {
  // Concatenated, not resolved: `//evil.com` stays a path (resolved, it would be another host).
  const url = new URL(`http://site${requestUrl}`);
  const params = new URLSearchParams();
  for (const name of [...PUBLIC_PAGE_PARAMS, ...privatePageParams(url.pathname)]) {
    const value = url.searchParams.get(name);
    if (value !== null) params.set(name, value);
  }
  const search = params.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

function hasPrivateParams(req: Request): boolean {
  return privatePageParams(req.path).some((name) => req.query[name] !== undefined);
}

/** A signed-in visitor (the owner) always gets a fresh page, never one cached before a save. */
const isSignedIn = hasSessionCookie;

function matchesEtag(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The encoding to send, in the server's order of preference among those the client accepts
 * (browsers list gzip first, with brotli at the same weight: the choice is the server's).
 */
export function chooseEncoding<E extends string>(header: string | undefined, preferred: readonly E[]): E | 'identity' {
  const accepted = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((item) => item.trim());
    const weight = params.find((param) => param.startsWith('q='));
    if (name && (!weight || Number(weight.slice(2)) > 0)) accepted.add(name);
  }
  return preferred.find((encoding) => accepted.has(encoding) || accepted.has('*')) ?? 'identity';
}

/**
 * gzip only: brotli would compress a little better, but its stream cannot take a nonce spliced in
 * between pieces compressed beforehand, so each answer would cost a whole compression.
 */
const PAGE_ENCODINGS: ReadonlyArray<Exclude<Encoding, 'identity'>> = ['gzip'];

/** Told of every page answered (its status: 200, 304, 404 …), to count its views; it must not wait for anything. */
export type OnPageView = (req: IncomingMessage, status: number) => void;

interface SendOptions {
  headers: Headers;
  contentSecurityPolicy: ContentSecurityPolicy;
  onNotFound?: (req: Request) => void;
  onPageView?: OnPageView;
}

/** Sends `page` with a fresh nonce in its scripts and in its policy; a private one (`isPrivate`) is stored nowhere. */
function send(req: Request, res: Response, page: StoredPage, isPrivate: boolean, options: SendOptions): void {
  if (page.status === 404) options.onNotFound?.(req);
  if (page.status === 301 && page.location) {
    setCommonHeaders(res, isPrivate, options);
    // Its body is a line with a link: it runs nothing.
    res.setHeader('Content-Security-Policy', NON_HTML_CONTENT_SECURITY_POLICY);
    res.redirect(301, page.location);
    return;
  }
  writePage(req, res, page, isPrivate, options);
}

function setCommonHeaders(res: ServerResponse, isPrivate: boolean, { headers }: SendOptions): void {
  for (const [name, value] of headers) res.setHeader(name, value);
  res.setHeader('Cache-Control', isPrivate ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
  res.setHeader('Vary', 'Accept-Encoding');
}

/**
 * Writes a page that is not a redirect with Node's own response alone, so that a cache hit answered
 * before Express (`cachedPagesFirst`) sends the very bytes that Express's path sends.
 */
function writePage(
  req: IncomingMessage,
  res: ServerResponse,
  page: StoredPage,
  isPrivate: boolean,
  options: SendOptions,
): void {
  setCommonHeaders(res, isPrivate, options);
  if (page.status === 503) {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Retry-After', '5');
  }
  res.statusCode = page.status;
  res.setHeader('ETag', page.etag);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  if (page.status === 200 && matchesEtag(req, page.etag)) {
    // No policy here: the browser keeps the one it stored with the body, whose nonce it matches.
    res.statusCode = 304;
    res.end();
    options.onPageView?.(req, 304);
    return;
  }
  const { contentSecurityPolicy } = options;
  const encoding = chooseEncoding(req.headers['accept-encoding'], PAGE_ENCODINGS);
  const nonce = createNonce();
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce));
  const body = page.body(encoding, nonce);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
  options.onPageView?.(req, page.status);
}

type Headers = Array<[string, string]>;

export interface PublicPagesOptions {
  render: RenderPage;
  cache: PageCache;
  /** Headers for every page (the security headers, when this runs before the middleware that sets them). */
  headers?: Record<string, string>;
  /** Where each answer's nonce goes in the rendered HTML (`createNoncePlaceholder`, given to the renderer too). */
  noncePlaceholder: string;
  /** The page's policy, given the answer's nonce. */
  contentSecurityPolicy: ContentSecurityPolicy;
  /** Told of every page answered 404 (the 404 log); it must not wait for anything. */
  onNotFound?: (req: Request) => void;
  /** Told of every page answered, from the cache or not (the page views' count). */
  onPageView?: OnPageView;
  /** The rendered post pages kept in PostgreSQL, and their rendering ahead (`PageCacheService.useStore`). */
  store?: PageStore | null;
}

/**
 * Serves every public page rendered by the server: from the cache for anonymous visitors when it is
 * there (stale while its new version renders), then from the rendered-page store for a post page,
 * else rendered (and kept when it may be). Other paths go on to the API and the admin shell.
 */
export function publicPages({
  render,
  cache,
  headers = {},
  noncePlaceholder,
  contentSecurityPolicy,
  onNotFound,
  onPageView,
  store: pageStore,
}: PublicPagesOptions): RequestHandler {
  const logger = new Logger('PublicPages');
  const sendOptions: SendOptions = { headers: Object.entries(headers), contentSecurityPolicy, onNotFound, onPageView };
  const store = pageStore?.store;
  /**
   * Renders a page as an anonymous visitor gets it (with the layout parts it was rendered with), keeps
   * a post page in the store, and its layout parts as the post pages' current ones.
   */
  const renderPage = async (key: string): Promise<StoredPage> => {
    const renderedAt = Date.now();
    const generation = cache.generation;
    const rendered = await render(key);
    const page = storedPage(rendered, noncePlaceholder);
    cache.offerLayout(key, page, generation);
    // The store keeps post pages answered 200 only (`write` says no to the rest).
    if (store && rendered.post) {
      await store
        .write(key, page, rendered.post, renderedAt)
        .catch((error: Error) => logger.warn(`Keeping ${key} in the rendered-page store failed: ${error.message}`));
    }
    return page;
  };
  /** Renders `key` for an anonymous visitor, and keeps it (with the current layout parts, whatever they will be). */
  const renderAndKeep = async (key: string): Promise<StoredPage> => {
    const generation = cache.generation;
    const page = await renderPage(key);
    if (CACHEABLE_STATUSES.has(page.status)) cache.set(key, cache.keptWithLayout(key, page), generation);
    return page;
  };
  // After a change, the stale pages are rendered again in the background, as an anonymous visitor gets them.
  cache.setRefresh(async (url) => {
    const page = await renderPage(url);
    return CACHEABLE_STATUSES.has(page.status) ? cache.keptWithLayout(url, page) : null;
  });
  if (store) {
    pageStore.prerenderer.start(store, async (key) => {
      await renderPage(key);
    });
  }
  const readOnce = new RecentKeys(STORE_ADMISSION_KEYS);
  /**
   * The rendering that brings a language's layout parts up to date after a change (one at a time for
   * each language, the others wait for it), by `layoutLanguageOf`.
   */
  const layoutRenderings = new Map<string, Promise<StoredPage>>();
  /** `page`, or a fresh rendering of `key` when the layout parts `page` is sent with changed since they were rendered. */
  const withCurrentLayout = async (key: string, page: StoredPage): Promise<StoredPage> => {
    if (!page.needsLayout || cache.layoutCurrent(key)) return page;
    const language = layoutLanguageOf(key);
    const pending = layoutRenderings.get(language);
    if (pending) {
      await pending.catch(() => undefined);
      if (cache.layoutCurrent(key)) return page;
    }
    const rendering = renderAndKeep(key);
    layoutRenderings.set(language, rendering);
    void rendering
      .catch(() => undefined)
      .then(() => {
        if (layoutRenderings.get(language) === rendering) layoutRenderings.delete(language);
      });
    return rendering;
  };
  /**
   * The page this instance keeps for `key` (memory, then the store for a post page), as current as
   * the database: every change committed before is heard first, and a page showing a post removed
   * since is not served. Null when it must be rendered.
   */
  const keptPage = async (key: string): Promise<StoredPage | null> => {
    if (!cache.enabled) return null;
    await cache.heardAll();
    const cached = cache.get(key);
    if (cached) return (await cache.stillShows(key, cached)) ? withCurrentLayout(key, cached) : null;
    if (!store?.holds(key) || !cache.enabled) return null;
    // A post page a crawler reaches before any visitor: rendered ahead, read from the store.
    const generation = cache.generation;
    const hit = await store.read(key);
    if (!hit) return null;
    // Kept in memory from its second read on (then, when stale, rendered again as the memory cache's
    // own stale pages are): a crawler's single visits neither push out the pages visitors read nor
    // keep a core rendering pages that nobody reads twice.
    if (readOnce.seenBefore(key)) {
      if (hit.stale) cache.setStale(key, hit.page, generation);
      else cache.set(key, hit.page, generation);
    }
    return withCurrentLayout(key, hit.page);
  };
  /** Renders the page, keeps it when it may be, and sends it. */
  const renderAndSend = (req: Request, res: Response, next: NextFunction, key: string, isPrivate: boolean) => {
    (isPrivate ? render(key).then((rendered) => storedPage(rendered, noncePlaceholder)) : renderAndKeep(key)).then(
      (page) => send(req, res, page, isPrivate, sendOptions),
      (error: unknown) => {
        logger.error(
          `Rendering ${key} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        next(error);
      },
    );
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isPublicPagePath(req.path)) return next();
    const key = pageKey(req);
    // A post's private preview: whoever holds the link reads it; no cache keeps it, no crawler indexes it.
    const preview = req.path.startsWith(PREVIEW_PATH_PREFIX);
    if (preview) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    const isPrivate = preview || isSignedIn(req) || hasPrivateParams(req);
    if (isPrivate) return renderAndSend(req, res, next, key, true);
    keptPage(key).then(
      (page) => (page ? send(req, res, page, false, sendOptions) : renderAndSend(req, res, next, key, false)),
      (error: Error) => {
        logger.warn(`Reading ${key} from the page caches failed: ${error.message}`);
        renderAndSend(req, res, next, key, false);
      },
    );
  };
}

/** How many post addresses read once from the rendered-page store are remembered, waiting for a second read. */
const STORE_ADMISSION_KEYS = 10_000;

/** Keys seen once lately, at most `max` (the oldest forgotten first). */
class RecentKeys {
  private readonly keys = new Set<string>();

  constructor(private readonly max: number) {}

  /** Whether `key` was seen lately (it is forgotten then); else it is remembered. */
  seenBefore(key: string): boolean {
    if (this.keys.delete(key)) return true;
    this.keys.add(key);
    if (this.keys.size > this.max) this.keys.delete(this.keys.values().next().value as string);
    return false;
  }
}

export interface VisitorPage extends RenderPageOptions {
  /** The status when the page renders (a 404 or 503 of its own stays). */
  status: number;
  /** Headers of this answer alone (`Retry-After`). */
  headers?: Record<string, string>;
}

/** Answers one visitor with a page rendered for them alone (`publicPages`' rendering, never cached). */
export type SendVisitorPage = (req: Request, res: Response, next: NextFunction, page: VisitorPage) => void;

/**
 * Renders the public page at the request's path for one visitor (a form they sent, refused, with
 * what they typed and its errors) and sends it `private, no-store`: it never enters the page cache.
 */
export function visitorPages({
  render,
  headers = {},
  noncePlaceholder,
  contentSecurityPolicy,
}: Omit<PublicPagesOptions, 'cache' | 'onNotFound' | 'onPageView'>): SendVisitorPage {
  const sendOptions: SendOptions = { headers: Object.entries(headers), contentSecurityPolicy };
  return (req, res, next, { status, headers: ownHeaders = {}, ...options }) => {
    render(pageKey(req), options).then((rendered) => {
      const page = storedPage(rendered.status === 200 ? { ...rendered, status } : rendered, noncePlaceholder);
      for (const [name, value] of Object.entries(ownHeaders)) res.setHeader(name, value);
      send(req, res, page, true, sendOptions);
    }, next);
  };
}

export interface CachedPagesFirstOptions {
  cache: PageCache;
  /** As `publicPages`' (the security headers). */
  headers?: Record<string, string>;
  contentSecurityPolicy: ContentSecurityPolicy;
  /** Whether a redirect rule answers `url` (without counting a hit): Express's path answers it then. */
  hasRedirect(url: string): boolean;
  /** Gives the request its id and the answer its header, as Express's first middleware does. */
  requestId(req: IncomingMessage, res: ServerResponse): void;
  /** As `publicPages`' (each cached page answered is a view). */
  onPageView?: OnPageView;
}

/**
 * Answers a cache hit for an anonymous visitor straight from Node's request, before Express and
 * Nest route it and before middleware that a cached page does not need: the same headers (request
 * id, security headers, the policy with a fresh nonce) and the same bytes as `publicPages` sends,
 * once every change committed before the request is heard. Anything else (a miss, a stale page, a
 * post page whose layout parts changed, a redirect, a signed-in visitor, a preview, a private
 * parameter, an address Express would read otherwise) is handed to `passOn` (Express) as before.
 */
export function cachedPagesFirst({
  cache,
  headers = {},
  contentSecurityPolicy,
  hasRedirect,
  requestId,
  onPageView,
}: CachedPagesFirstOptions): (req: IncomingMessage, res: ServerResponse, passOn: () => void) => void {
  const sendOptions: SendOptions = { headers: Object.entries(headers), contentSecurityPolicy, onPageView };
  return (req, res, passOn) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !cache.enabled) return passOn();
    const url = req.url ?? '';
    const query = url.indexOf('?');
    // The path as Express reads it (`req.path`): undecoded, unresolved.
    const path = query < 0 ? url : url.slice(0, query);
    if (!path.startsWith('/') || !isPublicPagePath(path) || path.startsWith(PREVIEW_PATH_PREFIX)) return passOn();
    if (isSignedIn(req) || (query >= 0 && privatePageParams(path).some((name) => url.includes(name, query)))) {
      return passOn();
    }
    let key: string;
    try {
      key = pageKeyOf(url);
    } catch {
      return passOn();
    }
    // A path the URL parser would normalise (`/api/../x`) is left to Express, which does not.
    if (key.split('?')[0] !== path || !cache.get(key)) return passOn();
    cache.heardAll().then(
      () => {
        const page = cache.get(key);
        const current = page?.status === 200 && !cache.stale(key) && (!page.needsLayout || cache.layoutCurrent(key));
        if (!page || !current || hasRedirect(url)) return passOn();
        requestId(req, res);
        writePage(req, res, page, false, sendOptions);
      },
      () => passOn(),
    );
  };
}
