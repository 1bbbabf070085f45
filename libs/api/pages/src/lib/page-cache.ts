import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { splitLanguagePath, type RenderedPage } from '@blog/contracts';
import {
  commentsOfPost,
  commentsOfProject,
  CONTENT_TABLES,
  isContentChange,
  type ContentChange,
  type ContentTable,
} from '@blog/api/data';
import { layoutParts, noncedBody, noncedBodyFromBytes, type LayoutParts, type NoncedBody } from './nonced-body';

/** How a page goes out: gzip (compressed once, a fresh nonce per answer at no compression cost), or as it is (decompressed). */
export type Encoding = 'identity' | 'gzip';

/** A rendered page as it is sent: its body with each answer's nonce, and its validator. */
export interface StoredPage {
  status: number;
  location?: string;
  /** Of the page without its nonce (with the layout's parts it is sent with): the same for every answer. */
  readonly etag: string;
  /** Its ETag without the layout's parts: what the rendered-page store keeps with `toBytes`. */
  readonly bodyEtag: string;
  /** The body in `encoding`, with `nonce` wherever the page has its placeholder. */
  body(encoding: Encoding, nonce: string): Buffer;
  /** The tables (and the posts' shown comments) whose changes make this page stale. */
  tables: ReadonlySet<ContentChange>;
  /** The posts it shows: it is not served once one of them is no longer visible. */
  postIds: readonly number[];
  /** The projects it shows (a project page's translations among them): the same rule as `postIds`. */
  projectIds: readonly number[];
  /** A post page kept without the layout's shared parts: each answer puts in those its `layout` gives. */
  needsLayout: boolean;
  /** The layout's parts a post page was rendered with (a fresh rendering's, not one read back from the store). */
  renderedLayout?: LayoutParts;
  /** About what keeping it costs in memory: its compressed body and what describes it. */
  bytes: number;
  /** Its body as bytes, for the rendered-page store (`storedPageFromBytes` reads them back). */
  toBytes(): Buffer;
}

/**
 * Which layout's parts a page is sent with: its language's (the header, sidebar and footer say the
 * site's words in it), named by its address's language prefix (`/vi/…` → `vi`; '' for an address
 * without one, the site's default language's, whichever that is).
 */
export function layoutLanguageOf(key: string): string {
  return splitLanguagePath(key.split('?')[0]).language ?? '';
}

/** What a kept page costs besides its compressed text (its segments, key, validator, table set, the cache's entry): an estimate. */
const PAGE_OVERHEAD_BYTES = 2048;

/**
 * What each tRPC namespace a page reads from is read from (`posts.*` shows category names too, and
 * the cards their comment count).
 */
const TABLES_READ_BY: Record<string, readonly ContentTable[]> = {
  posts: ['posts', 'categories', 'slug_history', 'comments'],
  categories: ['categories', 'slug_history'],
  about: ['about'],
  siteInfo: ['general_info'],
  redirects: ['redirects'],
  services: ['services'],
  testimonials: ['testimonials'],
  // A project names its services (`project_services`), the public reads only the shown ones.
  projects: ['projects', 'project_services', 'services', 'slug_history'],
  // The approved thread, and whether it is open (the post's switch, the site's settings).
  comments: ['comments', 'posts', 'general_info'],
};

/** The tables behind the procedures a page was rendered from; all of them for one we do not know. */
export function tablesReadBy(procedures: readonly string[]): Set<ContentTable> {
  const tables = new Set<ContentTable>();
  for (const procedure of procedures) {
    const namespace = procedure.split('.')[0];
    // `siteInfo.tags` is the server's configuration: it changes only with a restart.
    if (procedure === 'siteInfo.tags') continue;
    for (const table of TABLES_READ_BY[namespace] ?? CONTENT_TABLES) tables.add(table);
  }
  return tables;
}

/**
 * What makes a page stale: the tables behind its procedures, where `comments` stands for the shown
 * comments of the posts it shows alone (the post's thread, the counts on its cards) and of the project
 * a project page shows: a comment approved under one post or project leaves every other page as it is.
 */
export function dependenciesOf(page: Pick<RenderedPage, 'procedures' | 'postIds' | 'projectId'>): Set<ContentChange> {
  const dependencies = new Set<ContentChange>(tablesReadBy(page.procedures));
  if (dependencies.delete('comments')) {
    for (const id of page.postIds) dependencies.add(commentsOfPost(id));
    if (page.projectId !== undefined) dependencies.add(commentsOfProject(page.projectId));
  }
  return dependencies;
}

/**
 * A rendered page, compressed at most once however many times it is sent; `noncePlaceholder` marks
 * where each answer's nonce goes. A post page is kept apart from the layout's parts (`withLayout`).
 */
export function storedPage(page: RenderedPage, noncePlaceholder: string): StoredPage {
  const tables = dependenciesOf(page);
  const parts = page.layoutParts ?? [];
  // A part holding a nonce would need it put in too: such a page is kept whole.
  if (parts.length === 0 || parts.some(([start, end]) => page.html.slice(start, end).includes(noncePlaceholder))) {
    return new KeptPage(
      noncedBody(page.html, noncePlaceholder),
      page.status,
      tables,
      page.postIds,
      page.projectIds ?? [],
      null,
      page.location,
    );
  }
  const layout = layoutParts(parts.map(([start, end]) => page.html.slice(start, end)));
  const body = noncedBody(page.html, noncePlaceholder, parts);
  return new KeptPage(body, page.status, tables, page.postIds, page.projectIds ?? [], () => layout, undefined, layout);
}

/**
 * A page of status 200 read back from the rendered-page store, sent with the layout's parts `layout`
 * gives; null when its bytes cannot be read here.
 */
export function storedPageFromBytes(
  bytes: Buffer,
  etag: string,
  tables: Iterable<string>,
  postIds: readonly number[],
  layout: () => LayoutParts | null,
): StoredPage | null {
  const body = noncedBodyFromBytes(bytes, etag);
  const known = [...tables].filter(isContentChange);
  // The store keeps post pages alone, which show no project.
  return body && new KeptPage(body, 200, new Set(known), postIds, [], layout);
}

/** `page`, a post page kept apart from the layout's parts, sent with those `layout` gives when it is sent. */
export function withLayout(page: StoredPage, layout: () => LayoutParts | null): StoredPage {
  if (!page.needsLayout || !(page instanceof KeptPage)) return page;
  return new KeptPage(page.noncedBody, page.status, page.tables, page.postIds, page.projectIds, layout, page.location);
}

class KeptPage implements StoredPage {
  private etagWith: { parts: LayoutParts; etag: string } | null = null;

  constructor(
    readonly noncedBody: NoncedBody,
    readonly status: number,
    readonly tables: ReadonlySet<ContentChange>,
    readonly postIds: readonly number[],
    readonly projectIds: readonly number[],
    /** Where the layout's parts come from, for a body that leaves them out. */
    private readonly layout: (() => LayoutParts | null) | null,
    readonly location?: string,
    readonly renderedLayout?: LayoutParts,
  ) {}

  get bodyEtag(): string {
    return this.noncedBody.etag;
  }

  get needsLayout(): boolean {
    return this.noncedBody.partCount > 0;
  }

  get etag(): string {
    const parts = this.parts();
    if (!parts) return this.noncedBody.etag;
    if (this.etagWith?.parts !== parts) {
      const etag = createHash('sha1').update(this.noncedBody.etag).update(parts.etag).digest('base64url');
      this.etagWith = { parts, etag: `"${etag}"` };
    }
    return this.etagWith.etag;
  }

  get bytes(): number {
    return (
      this.noncedBody.bytes +
      PAGE_OVERHEAD_BYTES +
      (this.location?.length ?? 0) * 2 +
      (this.postIds.length + this.projectIds.length) * 8
    );
  }

  body(encoding: Encoding, nonce: string): Buffer {
    const parts = this.parts();
    return encoding === 'gzip' ? this.noncedBody.gzip(nonce, parts) : this.noncedBody.identity(nonce, parts);
  }

  toBytes(): Buffer {
    return this.noncedBody.toBytes();
  }

  private parts(): LayoutParts | undefined {
    return (this.needsLayout && this.layout?.()) || undefined;
  }
}

/** Renders a page again for the cache (`publicPages` sets it): null when it is no longer one to keep. */
export type Refresh = (url: string) => Promise<StoredPage | null>;

/**
 * Background renderings at once. Each instance keeps its own pages, so each renders its own again
 * (a shared job queue would render them on one instance only); one at a time leaves the other core
 * to the visitors, and the queue never holds more than the cached pages.
 */
const REFRESH_CONCURRENCY = 1;
/**
 * Renderings start once changes pause this long, or at the latest this long after the first one:
 * an import announces a change per post, and a page rendered between two of them would be thrown away.
 */
const REFRESH_SETTLE_MS = 50;
const REFRESH_MAX_WAIT_MS = 1000;

/**
 * A stale page is served while it renders again for at most this long after the change that made it
 * stale: past it, a visitor gets a fresh rendering (a large cache may take longer to render again).
 */
export const STALE_SERVED_MS = 5000;

interface Entry {
  page: StoredPage;
  /** When a table it read changed (it is served as it is until its new rendering replaces it); 0 while fresh. */
  staleSince: number;
}

/** What the cache asks the database before it serves what it keeps (`PageCacheService` gives them). */
export interface CacheChecks {
  /** Resolves once every change committed before the call has been heard (and its pages marked stale). */
  heardAll(): Promise<void>;
  /**
   * Whether the stale page kept for `url` may still be served: every post and project it shows is
   * visible now, and a post page's own part shows what the records show now
   * (`RenderedPageStore.stillShows`).
   */
  stillShows(url: string, page: StoredPage): Promise<boolean>;
}

/** Without a database (unit specs): nothing to wait for, nothing removed. */
const NO_CHECKS: CacheChecks = { heardAll: async () => undefined, stillShows: async () => true };

/**
 * The rendered public pages of one instance, by URL, at most `maxEntries` of them and `maxBytes` in
 * all (pages weigh from a few to hundreds of kilobytes), least recently used first out. A change to a
 * table makes the pages that read it stale: they are still served (no visitor or crawler waits on a
 * rendering) while they are rendered again in the background, most recently used first, and swapped
 * in. Without a `refresh` they are dropped instead.
 */
export class PageCache {
  private readonly pages = new Map<string, Entry>();
  /** What the kept pages weigh (`StoredPage.bytes`, with their keys). */
  private keptBytes = 0;
  /** Counts invalidations: a page rendered across one of its tables' changes may hold what just changed, so it is not kept. */
  private generationCount = 0;
  /** The generation at which each table last changed, and at which everything was last dropped. */
  private readonly changedAt = new Map<string, number>();
  private clearedAt = 0;
  /** Without news of changes (the database connection that brings them is down), nothing is cached. */
  private listening = false;
  private refresh: Refresh | null = null;
  /** Stale pages waiting for their rendering, in the order they are rendered. */
  private readonly queue = new Set<string>();
  private refreshing = 0;
  private settleTimer: NodeJS.Timeout | null = null;
  private firstChangeAt = 0;
  private lastChangeAt = 0;
  private readonly logger = new Logger('PageCache');
  private checks: CacheChecks = NO_CHECKS;
  /**
   * The layout's parts of the post pages of each language (`layoutLanguageOf`) as last rendered, the
   * tables they read, and whether they are current.
   */
  private readonly layouts = new Map<
    string,
    { parts: LayoutParts; tables: ReadonlySet<ContentChange>; current: boolean }
  >();

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes = Infinity,
  ) {}

  get size(): number {
    return this.pages.size;
  }

  /** What the kept pages weigh, about (`StoredPage.bytes`). */
  get bytes(): number {
    return this.keptBytes;
  }

  get enabled(): boolean {
    return this.maxEntries > 0 && this.maxBytes > 0 && this.listening;
  }

  /** Taken before rendering a page, handed back to `set`. */
  get generation(): number {
    return this.generationCount;
  }

  /** Stale pages not yet rendered again (tests and the bench wait for none). */
  get pendingRefreshes(): number {
    return this.queue.size + this.refreshing;
  }

  /** The database's checks (`CacheChecks`); set once by `PageCacheService`. */
  setChecks(checks: CacheChecks): void {
    this.checks = checks;
  }

  /** Resolves once every change committed before the call has been heard (before a kept page is served). */
  heardAll(): Promise<void> {
    return this.checks.heardAll();
  }

  /**
   * Whether the page kept for `url` may be served: a stale one only while every post and project it
   * shows is visible (a removal is never served from before it) and, a post page, while its own part
   * shows what the records show now (`CacheChecks.stillShows`). One that may not is dropped.
   */
  async stillShows(url: string, page: StoredPage): Promise<boolean> {
    if (!this.stale(url) || (await this.checks.stillShows(url, page))) return true;
    if (this.pages.get(url)?.page === page) this.remove(url);
    return false;
  }

  /** Whether the page kept for `url` is stale (its new rendering is on its way). */
  stale(url: string): boolean {
    return (this.pages.get(url)?.staleSince ?? 0) > 0;
  }

  /** The layout parts of the post pages of `key`'s language, as last rendered (null before the first). */
  layoutOf(key: string): LayoutParts | null {
    return this.layouts.get(layoutLanguageOf(key))?.parts ?? null;
  }

  /** Whether the layout parts of `key`'s language were rendered after the last change of the tables they read. */
  layoutCurrent(key: string): boolean {
    return (this.layouts.get(layoutLanguageOf(key))?.current ?? false) && this.enabled;
  }

  /** `page`, kept for `key`, with the current layout parts of its language, whatever they will be when it is sent. */
  keptWithLayout(key: string, page: StoredPage): StoredPage {
    return withLayout(page, () => this.layoutOf(key));
  }

  /**
   * Takes the layout parts a post page of `key` was rendered with (from `generation` on), unless a
   * table it read changed since: every post page of its language kept is then sent with them.
   */
  offerLayout(key: string, page: StoredPage, generation: number): boolean {
    if (!page.renderedLayout || !this.enabled || this.changedSince(page.tables, generation)) return false;
    this.layouts.set(layoutLanguageOf(key), { parts: page.renderedLayout, tables: page.tables, current: true });
    return true;
  }

  /** How stale pages are rendered again; set once by the middleware that renders them. */
  setRefresh(refresh: Refresh): void {
    this.refresh = refresh;
  }

  /** Changes are announced (true) or may be missed (false: everything cached is dropped). */
  setListening(listening: boolean): void {
    this.listening = listening;
    if (!listening) this.clear();
  }

  /**
   * The page kept for `url`, fresh or stale (its new rendering is on its way), but not one stale for
   * longer than `STALE_SERVED_MS`.
   */
  get(url: string): StoredPage | undefined {
    if (!this.enabled) return undefined;
    const entry = this.pages.get(url);
    if (entry && entry.staleSince > 0 && Date.now() - entry.staleSince > STALE_SERVED_MS) return undefined;
    if (entry) {
      // Most recently used goes last.
      this.pages.delete(url);
      this.pages.set(url, entry);
      // A stale page a visitor is reading is the next one rendered again.
      if (entry.staleSince > 0 && this.queue.has(url) && this.queue.values().next().value !== url) {
        const rest = [...this.queue].filter((queued) => queued !== url);
        this.queue.clear();
        for (const queued of [url, ...rest]) this.queue.add(queued);
      }
    }
    return entry?.page;
  }

  /** Keeps `page`, unless a table it read changed since `generation` was taken; says whether it did. */
  set(url: string, page: StoredPage, generation: number): boolean {
    if (!this.enabled || this.changedSince(page.tables, generation)) return false;
    // A page heavier than the whole cache would only push everything else out before leaving itself.
    if (weight(url, page) > this.maxBytes) {
      this.remove(url);
      return false;
    }
    this.remove(url);
    this.keep(url, page);
    return true;
  }

  /**
   * Keeps `page` as stale (read from the rendered-page store, rendered before a change of a table it
   * read): served as it is while it is rendered again in the background.
   */
  setStale(url: string, page: StoredPage, generation: number): boolean {
    if (!this.refresh || !this.set(url, page, generation)) return false;
    const entry = this.pages.get(url) as Entry;
    entry.staleSince = Date.now();
    this.queue.add(url);
    this.settleThenDrain();
    return true;
  }

  /**
   * Marks the pages that read `table` (or a post's shown comments, `comments:<id>`) stale and renders
   * them again (or drops them, without `refresh`).
   */
  invalidate(table: string): void {
    this.generationCount += 1;
    this.changedAt.set(table, this.generationCount);
    for (const layout of this.layouts.values()) {
      if (layout.tables.has(table as ContentChange)) layout.current = false;
    }
    const now = Date.now();
    // Most recently used first: the pages visitors are reading are the first to be fresh again.
    for (const [url, entry] of [...this.pages].reverse()) {
      if (!entry.page.tables.has(table as ContentChange)) continue;
      // A redirect is never served stale: its target may lead back now (a slug given back to its post),
      // and working it out again costs a query, not a rendering.
      if (!this.refresh || entry.page.location !== undefined) {
        this.remove(url);
        continue;
      }
      // Stale since its first change not rendered again (the bound on serving it counts from there).
      if (entry.staleSince === 0) entry.staleSince = now;
      // Queued again if it is rendering now: that rendering started before this change.
      this.queue.add(url);
    }
    if (this.queue.size > 0) this.settleThenDrain();
  }

  clear(): void {
    this.generationCount += 1;
    this.clearedAt = this.generationCount;
    for (const layout of this.layouts.values()) layout.current = false;
    this.pages.clear();
    this.keptBytes = 0;
    this.queue.clear();
  }

  /** Keeps `page` as the most recently used (`url` not kept), then lets the least recently used go while over a bound. */
  private keep(url: string, page: StoredPage): void {
    this.pages.set(url, { page, staleSince: 0 });
    this.keptBytes += weight(url, page);
    while (this.pages.size > this.maxEntries || this.keptBytes > this.maxBytes) {
      this.remove(this.pages.keys().next().value as string);
    }
  }

  remove(url: string): void {
    const entry = this.pages.get(url);
    if (!entry) return;
    this.pages.delete(url);
    this.keptBytes -= weight(url, entry.page);
    this.queue.delete(url);
  }

  private changedSince(tables: ReadonlySet<ContentChange>, generation: number): boolean {
    if (this.clearedAt > generation) return true;
    for (const table of tables) if ((this.changedAt.get(table) ?? 0) > generation) return true;
    return false;
  }

  private settleThenDrain(): void {
    const now = Date.now();
    this.lastChangeAt = now;
    if (this.settleTimer) return;
    this.firstChangeAt = now;
    const check = () => {
      const at = Date.now();
      const settled = at - this.lastChangeAt >= REFRESH_SETTLE_MS || at - this.firstChangeAt >= REFRESH_MAX_WAIT_MS;
      if (!settled) {
        this.settleTimer = setTimeout(check, REFRESH_SETTLE_MS);
        this.settleTimer.unref();
        return;
      }
      this.settleTimer = null;
      this.drain();
    };
    this.settleTimer = setTimeout(check, REFRESH_SETTLE_MS);
    this.settleTimer.unref();
  }

  private drain(): void {
    while (this.refreshing < REFRESH_CONCURRENCY && this.queue.size > 0) {
      const url = this.queue.values().next().value as string;
      this.queue.delete(url);
      if (!this.stale(url)) continue;
      this.refreshing += 1;
      void this.renderAgain(url).finally(() => {
        this.refreshing -= 1;
        this.drain();
      });
    }
  }

  private async renderAgain(url: string): Promise<void> {
    const generation = this.generationCount;
    let page: StoredPage | null;
    try {
      page = this.refresh ? await this.refresh(url) : null;
    } catch (error) {
      this.logger.warn(`Rendering ${url} again failed: ${(error as Error).message}`);
      page = null;
    }
    const entry = this.pages.get(url);
    if (!entry || entry.staleSince === 0) return;
    // No longer a page to keep (a post gone: 404; the database away: 503): the next visitor renders it.
    if (page === null) {
      this.remove(url);
      return;
    }
    // Swapped in place, keeping its rank among the recently used; a rendering that overlapped another
    // change of its tables is not kept (the page was queued again by that change).
    if (!this.enabled || this.changedSince(page.tables, generation)) return;
    if (weight(url, page) > this.maxBytes) return this.remove(url);
    this.keptBytes += weight(url, page) - weight(url, entry.page);
    this.pages.set(url, { page, staleSince: 0 });
    // It may weigh more than the page it replaces.
    while (this.keptBytes > this.maxBytes) this.remove(this.pages.keys().next().value as string);
  }
}

/** A kept page's weight: the page's and its key's (a JavaScript string: two bytes a character at most). */
function weight(url: string, page: StoredPage): number {
  return page.bytes + url.length * 2;
}
