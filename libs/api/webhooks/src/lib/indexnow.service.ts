import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { POST_STATUS, type AdminPost } from '@blog/contracts';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { APP_CONFIG, DomainEvents, guardedPost, ROOT_LOGGER, type AppConfig, type DomainEvent } from '@blog/api/core';
import { JobQueue } from '@blog/api/jobs';
import { WEBHOOK_DELIVERY_SETTINGS, type WebhookDeliverySettings } from './webhooks.service';

/** Whether the post, as it was, was public: shown and its publication time passed. */
const wasPublic = (post: AdminPost) =>
  post.status === POST_STATUS.visible && post.published_at !== null && Date.parse(post.published_at) <= Date.now();

/** The job that submits the waiting URLs to IndexNow, one batch a run. */
export const INDEXNOW_JOB = 'indexnow.submit';
/** A job waits this long after the first URL, so that the URLs changed meanwhile go in the same batch. */
export const INDEXNOW_BATCH_DELAY_MS = 5_000;
/** IndexNow takes at most 10 000 URLs a request. */
const INDEXNOW_MAX_URLS = 10_000;
const INDEXNOW_TIMEOUT_MS = 15_000;

/**
 * IndexNow (off unless `INDEXNOW_KEY` is set): each post published, changed, unpublished or
 * deleted has its public URL stored in `indexnow_urls`, and one job (a few seconds later, so that a burst
 * of saves makes one request) posts the waiting URLs to `INDEXNOW_ENDPOINT`. A failed submission puts
 * them back and is retried by the queue with back-off; a save never waits for it.
 */
@Injectable()
export class IndexNowService implements OnModuleInit {
  private readonly log: Logger;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) logger: Logger,
    private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly events: DomainEvents,
    @Inject(WEBHOOK_DELIVERY_SETTINGS) private readonly settings: WebhookDeliverySettings,
  ) {
    this.log = logger.child({ context: 'IndexNow' });
  }

  onModuleInit(): void {
    if (!this.config.indexNow) return;
    this.jobs.register({
      name: INDEXNOW_JOB,
      handler: () => this.submit(),
      // The webhooks' back-off.
      retryLimit: this.settings.retryLimit,
      retryDelaySeconds: this.settings.retryDelaySeconds,
      expireInSeconds: 120,
      // One batch waiting at a time: the URLs queued meanwhile join it.
      policy: 'short',
    });
    this.events.subscribe((event) => this.queue(event));
  }

  /** The post's public address, as the sitemap writes it. */
  urlOf(slug: string): string {
    return `${this.config.siteUrl}/${encodeURIComponent(slug)}`;
  }

  private async queue(domainEvent: DomainEvent): Promise<void> {
    const { event, data } = domainEvent;
    if (!event.startsWith('post.') || !('slug' in data)) return;
    // A post deleted that the public never saw (a draft, a hidden or scheduled post) has no URL to recrawl.
    if (domainEvent.event === 'post.deleted' && !wasPublic(domainEvent.data)) return;
    // A new slug: the old address changed too (it redirects now).
    const slugs =
      domainEvent.event === 'post.updated' && domainEvent.data.previous_slug
        ? [data.slug, domainEvent.data.previous_slug]
        : [data.slug];
    await this.dataSource.query(
      `INSERT INTO indexnow_urls (url) SELECT unnest($1::text[]) ON CONFLICT (url) DO UPDATE SET queued_at = now()`,
      [slugs.map((slug) => this.urlOf(slug))],
    );
    await this.jobs.sendUnlessQueued(
      INDEXNOW_JOB,
      {},
      { singletonKey: 'batch', startAfter: new Date(Date.now() + INDEXNOW_BATCH_DELAY_MS) },
    );
  }

  /** The job: takes the waiting URLs and submits them; on failure they wait again and the job is retried. */
  async submit(): Promise<void> {
    const indexNow = this.config.indexNow;
    if (!indexNow) return;
    const taken = (await this.dataSource.query(
      `WITH batch AS (SELECT url FROM indexnow_urls ORDER BY queued_at LIMIT $1 FOR UPDATE SKIP LOCKED),
            written AS (DELETE FROM indexnow_urls WHERE url IN (SELECT url FROM batch) RETURNING url)
       SELECT url FROM written`,
      [INDEXNOW_MAX_URLS],
    )) as Array<{ url: string }>;
    if (taken.length === 0) return;
    const urlList = taken.map((row) => row.url);
    const body = JSON.stringify({
      host: new URL(this.config.siteUrl).host,
      key: indexNow.key,
      keyLocation: `${this.config.siteUrl}/${indexNow.key}.txt`,
      urlList,
    });
    let failure: string | null = null;
    try {
      const answer = await guardedPost(indexNow.endpoint, body, {
        // The endpoint is the operator's own setting: trusted, wherever it is.
        allowedHosts: [new URL(indexNow.endpoint).host.toLowerCase()],
        timeoutMs: INDEXNOW_TIMEOUT_MS,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      // 200 and 202 (received, key checked later) are IndexNow's yes.
      if (answer.status !== 200 && answer.status !== 202) failure = `HTTP ${answer.status}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    if (failure === null) {
      this.log.info({ urls: urlList.length }, 'URLs submitted to IndexNow');
      return;
    }
    await this.dataSource.query(
      `INSERT INTO indexnow_urls (url) SELECT unnest($1::text[]) ON CONFLICT (url) DO NOTHING`,
      [urlList],
    );
    this.log.warn({ urls: urlList.length, error: failure }, 'IndexNow submission failed: it will be retried');
    throw new Error(`IndexNow submission failed: ${failure}`);
  }
}
