import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@blog/api/core';
import { ContentChangesListener, SharedReads } from '@blog/api/data';
import { DataSource } from 'typeorm';
import { PageCache } from './page-cache';
import { PostPagePrerenderer } from './post-page-prerenderer';
import { NEXT_PUBLICATION_SQL, PublicationTimer } from './publication-timer';
import { RenderedPageStore } from './rendered-page-store';

/** Injection token of the database URL the listener connects to. */
export const PAGES_DATABASE_URL = Symbol('PAGES_DATABASE_URL');

/** The session lock of the instance that renders the post pages ahead (`pg_try_advisory_lock`'s key). */
const PRERENDER_LOCK_KEY = 21_0021;

/** The rendered-page store and what fills it, when on (`PageCacheService.useStore`). */
export interface PageStore {
  store: RenderedPageStore;
  prerenderer: PostPagePrerenderer;
}

/**
 * This instance's cache of rendered pages and the layout's shared reads, kept current by the database's change notifications, and
 * by the publication timer for scheduled posts, which appear with no change to announce them.
 */
@Injectable()
export class PageCacheService implements OnModuleInit, OnModuleDestroy {
  readonly cache: PageCache;
  private readonly listener: ContentChangesListener;
  private readonly publications: PublicationTimer;
  private pageStore: PageStore | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PAGES_DATABASE_URL) databaseUrl: string,
    sharedReads: SharedReads,
    private readonly dataSource: DataSource,
  ) {
    this.cache = new PageCache(config.pageCacheSize, config.pageCacheBytes);
    // The layout's shared reads first: the pages rendered again after a change read them anew.
    const invalidate = (table: string) => {
      sharedReads.invalidate(table);
      this.cache.invalidate(table);
      this.pageStore?.store.markChanged(table);
      // A post saved, published, restored: its page is rendered ahead again.
      if (table === 'posts') this.pageStore?.prerenderer.schedule();
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

  /**
   * The rendered post pages kept in PostgreSQL for the web build `build` (`pageRendererBuild`), and
   * their rendering ahead of visitors; null when off (`PAGE_STORE=false`, or no page cache).
   */
  useStore(build: string): PageStore | null {
    if (!this.config.pageStore || this.config.pageCacheSize === 0 || this.config.pageCacheBytes === 0) return null;
    if (this.pageStore) return this.pageStore;
    const store = new RenderedPageStore(this.dataSource, build);
    const prerenderer = new PostPagePrerenderer(store, {
      acquire: async () =>
        (
          await this.listener.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${PRERENDER_LOCK_KEY}) AS locked`)
        )[0].locked,
      release: async () => {
        await this.listener.query(`SELECT pg_advisory_unlock(${PRERENDER_LOCK_KEY})`);
      },
    });
    this.pageStore = { store, prerenderer };
    return this.pageStore;
  }

  async onModuleInit(): Promise<void> {
    await this.listener.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.publications.stop();
    await this.pageStore?.prerenderer.stop();
    await this.listener.stop();
  }
}
