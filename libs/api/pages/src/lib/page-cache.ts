import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { RenderedPage } from '@blog/contracts';
import { CONTENT_TABLES, type ContentTable } from '@blog/api/data';

export type Encoding = 'identity' | 'gzip' | 'br';

/** A rendered page as it is sent: its body in each encoding asked so far, and its validator. */
export interface StoredPage {
  status: number;
  location?: string;
  etag: string;
  /** The body in `encoding`, compressed on the first request that asks for it. */
  body(encoding: Encoding): Buffer;
  /** The tables whose changes make this page stale. */
  tables: ReadonlySet<ContentTable>;
}

const COMPRESS: Record<Exclude<Encoding, 'identity'>, (body: Buffer) => Buffer> = {
  gzip: (body) => gzipSync(body),
  // Quality 4: most of brotli's gain (a 21 kB post page: 5.6 kB) at a small part of its top level's cost.
  br: (body) => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }),
};

/** What each tRPC namespace a page reads from is read from (`posts.*` shows category names too). */
const TABLES_READ_BY: Record<string, readonly ContentTable[]> = {
  posts: ['posts', 'categories', 'slug_history'],
  categories: ['categories', 'slug_history'],
  about: ['about'],
  siteInfo: ['general_info'],
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

/** A rendered page, compressed at most once per encoding however many times it is sent. */
export function storedPage(page: RenderedPage): StoredPage {
  const identity = Buffer.from(page.html, 'utf8');
  const compressed = new Map<Encoding, Buffer>([['identity', identity]]);
  return {
    status: page.status,
    location: page.location,
    etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
    body(encoding) {
      let body = compressed.get(encoding);
      if (!body) {
        body = COMPRESS[encoding as Exclude<Encoding, 'identity'>](identity);
        compressed.set(encoding, body);
      }
      return body;
    },
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
