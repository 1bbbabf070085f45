import { Inject, Injectable, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@blog/api/core';
import { ContentChangesListener, SharedReads, visiblePostSql, visibleProjectSql } from '@blog/api/data';
import { JobQueue } from '@blog/api/jobs';
import { DataSource } from 'typeorm';
import { PageCache } from './page-cache';
import { PostPagePrerenderer } from './post-page-prerenderer';
import type { Availability } from '@blog/contracts';
import {
  AVAILABILITY_SQL,
  availabilityDelay,
  NEXT_PUBLICATION_SQL,
  PublicationTimer,
  SCHEDULED_TABLES,
} from './publication-timer';
import { RenderedPageStore } from './rendered-page-store';

/** Injection token of the database URL the listener connects to. */
export const PAGES_DATABASE_URL = Symbol('PAGES_DATABASE_URL');

/** The rendered-page store and what fills it, when on (`PageCacheService.useStore`). */
export interface PageStore {
  store: RenderedPageStore;
  prerenderer: PostPagePrerenderer;
}

/**
 * This instance's cache of rendered pages and the layout's shared reads, kept current by the database's change notifications, and
 * by the publication timer for scheduled posts and projects, which appear with no change to announce them (and the
 * end of a booking, which the home page stops showing on its own). Before
 * either serves what it keeps, every change committed so far is heard (`heardAll`): a write answered
 * on another instance is seen by the next read here.
 */
@Injectable()
export class PageCacheService implements OnModuleInit, OnModuleDestroy {
  readonly cache: PageCache;
  private readonly listener: ContentChangesListener;
  private readonly publications: PublicationTimer;
  /** A booking's end: the pages showing the availability must not say "booked" past its last day. */
  private readonly bookingEnd: PublicationTimer;
  private readonly prerenderer: PostPagePrerenderer;
  private pageStore: PageStore | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PAGES_DATABASE_URL) databaseUrl: string,
    sharedReads: SharedReads,
    private readonly dataSource: DataSource,
    @Optional() jobs?: JobQueue,
  ) {
    this.cache = new PageCache(config.pageCacheSize, config.pageCacheBytes);
    this.prerenderer = new PostPagePrerenderer(jobs);
    // The layout's shared reads first: the pages rendered again after a change read them anew.
    const invalidate = (table: string) => {
      sharedReads.invalidate(table);
      this.cache.invalidate(table);
      this.pageStore?.store.markChanged(table);
      // A post saved, published, restored: its page is rendered ahead again (once the store is in use).
      if (table === 'posts') this.prerenderer.schedule();
    };
    this.publications = new PublicationTimer(
      async () => (await this.listener.query<{ delay: number }>(NEXT_PUBLICATION_SQL))[0]?.delay ?? null,
      // Which of them came due is not asked: both kinds' pages are rendered again.
      () => {
        for (const table of SCHEDULED_TABLES) invalidate(table);
      },
      'the next scheduled post or project',
    );
    this.bookingEnd = new PublicationTimer(
      async () => availabilityDelay((await this.listener.query<Availability>(AVAILABILITY_SQL))[0], Date.now()),
      () => invalidate('general_info'),
      "the end of the owner's booking",
    );
    const timers = [this.publications, this.bookingEnd];
    this.listener = new ContentChangesListener(databaseUrl, {
      onChange: (table) => {
        invalidate(table);
        if ((SCHEDULED_TABLES as readonly string[]).includes(table)) void this.publications.refresh();
        if (table === 'general_info') void this.bookingEnd.refresh();
      },
      onListening: (listening) => {
        sharedReads.setListening(listening);
        this.cache.setListening(listening);
        for (const timer of timers) {
          if (listening) void timer.refresh();
          else timer.cancel();
        }
      },
    });
    const heardAll = () => this.listener.heardAll();
    sharedReads.setHeardAll(heardAll);
    this.cache.setChecks({
      heardAll,
      stillShows: async (url, page) => {
        // A post page (the only kind kept apart from the layout's parts), as the store reads it: its own part too.
        const store = this.pageStore?.store;
        if (store?.holds(url) && page.needsLayout) return store.stillShows(url, page);
        const { postIds, projectIds } = page;
        if (postIds.length === 0 && projectIds.length === 0) return true;
        const [{ posts, projects }] = await this.dataSource.query(
          `SELECT (SELECT count(*)::int FROM posts post WHERE post.id = ANY($1) AND ${visiblePostSql('post')}) AS posts,
                  (SELECT count(*)::int FROM projects project
                    WHERE project.id = ANY($2) AND ${visibleProjectSql('project')}) AS projects`,
          [postIds, projectIds],
        );
        return posts === new Set(postIds).size && projects === new Set(projectIds).size;
      },
    });
  }

  /**
   * The rendered post pages kept in PostgreSQL for the web build `build` (`pageRendererBuild`), and
   * their rendering ahead of visitors; null when off (`PAGE_STORE=false`, or no page cache).
   */
  useStore(build: string): PageStore | null {
    if (!this.storeOn) return null;
    this.pageStore ??= {
      store: new RenderedPageStore(this.dataSource, build, (key) => this.cache.layoutOf(key)),
      prerenderer: this.prerenderer,
    };
    return this.pageStore;
  }

  private get storeOn(): boolean {
    return this.config.pageStore && this.config.pageCacheSize > 0 && this.config.pageCacheBytes > 0;
  }

  async onModuleInit(): Promise<void> {
    if (this.storeOn) this.prerenderer.register();
    await this.listener.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.publications.stop();
    this.bookingEnd.stop();
    this.prerenderer.stop();
    await this.listener.stop();
  }
}
