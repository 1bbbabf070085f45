import type { RenderedPage } from '@blog/contracts';
import { CONTENT_TABLES, type ContentTable } from '@blog/api/data';
import { noncedBody } from './nonced-body';

/** How a page goes out: gzip (compressed once, a fresh nonce per answer at no compression cost), or as it is. */
export type Encoding = 'identity' | 'gzip';

/** A rendered page as it is sent: its body with each answer's nonce, and its validator. */
export interface StoredPage {
  status: number;
  location?: string;
  /** Of the page without its nonce: the same for every answer. */
  etag: string;
  /** The body in `encoding`, with `nonce` wherever the page has its placeholder. */
  body(encoding: Encoding, nonce: string): Buffer;
  /** The tables whose changes make this page stale. */
  tables: ReadonlySet<ContentTable>;
}

/** What each tRPC namespace a page reads from is read from (`posts.*` shows category names too). */
const TABLES_READ_BY: Record<string, readonly ContentTable[]> = {
  posts: ['posts', 'categories', 'slug_history'],
  categories: ['categories', 'slug_history'],
  about: ['about'],
  siteInfo: ['general_info'],
  redirects: ['redirects'],
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

/** A rendered page, compressed at most once however many times it is sent; `noncePlaceholder` marks where each answer's nonce goes. */
export function storedPage(page: RenderedPage, noncePlaceholder: string): StoredPage {
  const body = noncedBody(page.html, noncePlaceholder);
  return {
    status: page.status,
    location: page.location,
    etag: body.etag,
    body: (encoding, nonce) => (encoding === 'gzip' ? body.gzip(nonce) : body.identity(nonce)),
    tables: tablesReadBy(page.procedures),
  };
}

/**
 * The rendered public pages of one instance, by URL, least recently used first out. A change to a
 * table drops the pages that read it.
 */
export class PageCache {
  private readonly pages = new Map<string, StoredPage>();
  /** Counts invalidations: a page rendered across one may hold what just changed, so it is not kept. */
  private generationCount = 0;
  /** Without news of changes (the database connection that brings them is down), nothing is cached. */
  private listening = false;

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.pages.size;
  }

  get enabled(): boolean {
    return this.maxEntries > 0 && this.listening;
  }

  /** Taken before rendering a page, handed back to `set`. */
  get generation(): number {
    return this.generationCount;
  }

  /** Changes are announced (true) or may be missed (false: everything cached is dropped). */
  setListening(listening: boolean): void {
    this.listening = listening;
    if (!listening) this.clear();
  }

  get(url: string): StoredPage | undefined {
    if (!this.enabled) return undefined;
    const page = this.pages.get(url);
    if (page) {
      // Most recently used goes last.
      this.pages.delete(url);
      this.pages.set(url, page);
    }
    return page;
  }

  /** Keeps `page`, unless something changed since `generation` was taken; says whether it did. */
  set(url: string, page: StoredPage, generation: number): boolean {
    if (!this.enabled || generation !== this.generationCount) return false;
    this.pages.delete(url);
    this.pages.set(url, page);
    while (this.pages.size > this.maxEntries) {
      const oldest = this.pages.keys().next().value as string;
      this.pages.delete(oldest);
    }
    return true;
  }

  /** Drops the pages that read `table`. */
  invalidate(table: string): void {
    this.generationCount += 1;
    for (const [url, page] of this.pages) {
      if (page.tables.has(table as ContentTable)) this.pages.delete(url);
    }
  }

  clear(): void {
    this.generationCount += 1;
    this.pages.clear();
  }
}
