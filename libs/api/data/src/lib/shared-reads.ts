import { Global, Injectable, Module } from '@nestjs/common';
import type { ContentTable } from './content-changes';

interface SharedRead {
  tables: readonly ContentTable[];
  value: Promise<unknown>;
}

/**
 * The reads every public page makes alike (the categories' links, the general info, the recent
 * posts), kept in memory and dropped when a table they read changes, as the rendered pages are:
 * the page cache's listener (libs/api/pages) tells it of changes on every instance, and of whether
 * it hears them. Until it does (an app without the page cache, a lost connection) every read goes
 * to the database.
 */
@Injectable()
export class SharedReads {
  private readonly reads = new Map<string, SharedRead>();
  private listening = false;
  private heardAll: (() => Promise<void>) | null = null;

  /**
   * `load`'s answer, read once for every caller until one of `tables` changes. Every change committed
   * before the call is heard first (`setHeardAll`): what was removed on another instance a moment ago
   * is never answered from before.
   */
  async read<T>(key: string, tables: readonly ContentTable[], load: () => Promise<T>): Promise<T> {
    if (!this.listening) return load();
    try {
      await this.heardAll?.();
    } catch {
      // Not listening any more: the database itself answers.
      return load();
    }
    if (!this.listening) return load();
    const kept = this.reads.get(key);
    if (kept) return kept.value as Promise<T>;
    // The promise is kept, so that renderings at once share one read; a change drops it (its callers
    // got what was there before the change, as they would have without it), a failure too.
    const read: SharedRead = { tables, value: load() };
    this.reads.set(key, read);
    read.value.catch(() => {
      if (this.reads.get(key) === read) this.reads.delete(key);
    });
    return read.value as Promise<T>;
  }

  invalidate(table: string): void {
    for (const [key, read] of this.reads) {
      if (read.tables.includes(table as ContentTable)) this.reads.delete(key);
    }
  }

  /** How to wait until every change committed so far is heard (the listener's `heardAll`). */
  setHeardAll(heardAll: () => Promise<void>): void {
    this.heardAll = heardAll;
  }

  /** Changes are heard (true) or may be missed (false: nothing is kept). */
  setListening(listening: boolean): void {
    this.listening = listening;
    if (!listening) this.reads.clear();
  }
}

/** One `SharedReads` per app, for the domains that read through it and the page cache that keeps it current. */
@Global()
@Module({ providers: [SharedReads], exports: [SharedReads] })
export class SharedReadsModule {}
