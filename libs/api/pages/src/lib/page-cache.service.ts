import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@blog/api/core';
import { ContentChangesListener } from './content-changes.listener';
import { PageCache } from './page-cache';

/** Injection token of the database URL the listener connects to. */
export const PAGES_DATABASE_URL = Symbol('PAGES_DATABASE_URL');

/** This instance's cache of rendered pages, kept current by the database's change notifications. */
@Injectable()
export class PageCacheService implements OnModuleInit, OnModuleDestroy {
  readonly cache: PageCache;
  private readonly listener: ContentChangesListener;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(PAGES_DATABASE_URL) databaseUrl: string) {
    this.cache = new PageCache(config.pageCacheSize);
    this.listener = new ContentChangesListener(databaseUrl, {
      onChange: (table) => this.cache.invalidate(table),
      onListening: (listening) => this.cache.setListening(listening),
    });
  }

  async onModuleInit(): Promise<void> {
    await this.listener.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.listener.stop();
  }
}
