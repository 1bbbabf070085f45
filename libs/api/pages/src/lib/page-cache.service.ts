import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@blog/api/core';
import { ContentChangesListener, SharedReads } from '@blog/api/data';
import { PageCache } from './page-cache';
import { NEXT_PUBLICATION_SQL, PublicationTimer } from './publication-timer';

/** Injection token of the database URL the listener connects to. */
export const PAGES_DATABASE_URL = Symbol('PAGES_DATABASE_URL');

/**
 * This instance's cache of rendered pages and the layout's shared reads, kept current by the database's change notifications, and
 * by the publication timer for scheduled posts, which appear with no change to announce them.
 */
@Injectable()
export class PageCacheService implements OnModuleInit, OnModuleDestroy {
  readonly cache: PageCache;
  private readonly listener: ContentChangesListener;
  private readonly publications: PublicationTimer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(PAGES_DATABASE_URL) databaseUrl: string,
    sharedReads: SharedReads,
  ) {
    this.cache = new PageCache(config.pageCacheSize, config.pageCacheBytes);
    // The layout's shared reads first: the pages rendered again after a change read them anew.
    const invalidate = (table: string) => {
      sharedReads.invalidate(table);
      this.cache.invalidate(table);
    };
    this.publications = new PublicationTimer(
      async () => (await this.listener.query<{ delay: number }>(NEXT_PUBLICATION_SQL))[0]?.delay ?? null,
      () => invalidate('posts'),
    );
    this.listener = new ContentChangesListener(databaseUrl, {
      onChange: (table) => {
        invalidate(table);
        if (table === 'posts') void this.publications.refresh();
      },
      onListening: (listening) => {
        sharedReads.setListening(listening);
        this.cache.setListening(listening);
        if (listening) void this.publications.refresh();
        else this.publications.cancel();
      },
    });
  }

  async onModuleInit(): Promise<void> {
    await this.listener.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.publications.stop();
    await this.listener.stop();
  }
}
