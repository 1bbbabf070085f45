import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@blog/api/core';
import { ContentChangesListener } from '@blog/api/data';
import { PageCache } from './page-cache';
import { NEXT_PUBLICATION_SQL, PublicationTimer } from './publication-timer';

/** Injection token of the database URL the listener connects to. */
export const PAGES_DATABASE_URL = Symbol('PAGES_DATABASE_URL');

/**
 * This instance's cache of rendered pages, kept current by the database's change notifications, and
 * by the publication timer for scheduled posts, which appear with no change to announce them.
 */
@Injectable()
export class PageCacheService implements OnModuleInit, OnModuleDestroy {
  readonly cache: PageCache;
  private readonly listener: ContentChangesListener;
  private readonly publications: PublicationTimer;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(PAGES_DATABASE_URL) databaseUrl: string) {
    this.cache = new PageCache(config.pageCacheSize);
    this.publications = new PublicationTimer(
      async () => (await this.listener.query<{ delay: number }>(NEXT_PUBLICATION_SQL))[0]?.delay ?? null,
      () => this.cache.invalidate('posts'),
    );
    this.listener = new ContentChangesListener(databaseUrl, {
      onChange: (table) => {
        this.cache.invalidate(table);
        if (table === 'posts') void this.publications.refresh();
      },
      onListening: (listening) => {
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
