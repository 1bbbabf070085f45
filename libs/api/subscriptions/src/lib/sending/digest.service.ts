import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { postPath, SITE_TIME_ZONE, type Language } from '@blog/contracts';
import { visiblePostSql } from '@blog/api/data';
import { SiteLanguages, UploadedImageSizes } from '@blog/api/core';
import { JobQueue } from '@blog/api/jobs';
import { isPermanentSmtpRejection } from '@blog/api/mail';
import { SubscriptionsService, type SubscriberRow } from '../subscribing/subscriptions.service';
import { mailEachRow, type RowTaken } from './mail-each-row';
import { renderDigestMail, type DigestPost } from '../mail/digest-mail';

export const DIGEST_JOB = 'newsletter-digest';
/** Every hour, on the hour: a subscriber's digest goes out within the hour their week ends. */
const DIGEST_SCHEDULE = '0 * * * *';
/** A digest subscriber gets one mail this often. */
export const DIGEST_INTERVAL_DAYS = 7;
/** The most posts one digest lists (the newest): a busy week's mail stays readable; the site has the rest. */
export const DIGEST_MAX_POSTS = 30;

const HOUR_MS = 60 * 60 * 1000;

type DueSubscriber = SubscriberRow & { since: string };

/**
 * The weekly digest, for subscribers who chose it instead of a mail per post (the newsletter leaves
 * them out). An hourly job (`DIGEST_JOB`, once across instances) mails each digest subscriber whose
 * last digest (or confirmation, before the first) is a week old the posts marked "send to subscribers"
 * published in their topics since, and moves their week on, with nothing to list too (no mail then).
 * Each subscriber is taken in its own transaction that locks the row (`SKIP LOCKED`: two instances never
 * take the same one) and marks `digest_sent_at` before committing: nobody gets a week's digest twice.
 * Weeks end on the hour: the mark is the run's hour, so a run a few seconds late loses nobody an hour.
 */
@Injectable()
export class DigestService implements OnModuleInit {
  private readonly logger = new Logger('Digest');

  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly subscriptions: SubscriptionsService,
    private readonly imageSizes: UploadedImageSizes,
    private readonly siteLanguages: SiteLanguages,
  ) {}

  onModuleInit(): void {
    this.jobs.register({
      name: DIGEST_JOB,
      handler: async (_data, context) => void (await this.run(new Date(), context.signal)),
      retryLimit: 2,
      expireInSeconds: 60 * 60,
      policy: 'stately',
      schedule: { cron: DIGEST_SCHEDULE, tz: SITE_TIME_ZONE },
    });
  }

  /** Mails every digest due at `now` (a parameter for the specs); safe to run again, or twice at once. */
  async run(now = new Date(), signal?: AbortSignal): Promise<{ mailed: number }> {
    const weekEnd = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
    const mailed = await mailEachRow(
      this.dataSource,
      (manager) => this.mailOne(manager, weekEnd),
      'Weekly digest',
      signal,
    );
    if (mailed > 0) this.logger.log(`Weekly digest mailed to ${mailed} subscribers`);
    return { mailed };
  }

  private async mailOne(manager: EntityManager, weekEnd: Date): Promise<RowTaken> {
    const [subscriber] = await manager.query<DueSubscriber[]>(
      `SELECT id, email, name, state, digest, token_version, language,
              to_json(coalesce(digest_sent_at, confirmed_at)) #>> '{}' AS since
       FROM subscribers
       WHERE digest AND state = 'confirmed'
         AND coalesce(digest_sent_at, confirmed_at) <= $1::timestamptz - make_interval(days => $2)
       ORDER BY coalesce(digest_sent_at, confirmed_at), id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [weekEnd, DIGEST_INTERVAL_DAYS],
    );
    if (!subscriber) return 'none';
    await manager.query(`UPDATE subscribers SET digest_sent_at = $2 WHERE id = $1`, [subscriber.id, weekEnd]);
    const posts = await this.postsFor(manager, subscriber, weekEnd);
    if (posts.length === 0) return 'skipped';
    const [look, topics] = await Promise.all([
      this.subscriptions.mailLook(),
      manager.query<Array<{ name: string }>>(
        `SELECT c.name FROM subscriber_categories sc JOIN categories c ON c.id = sc.category_id
         WHERE sc.subscriber_id = $1 ORDER BY c.name`,
        [subscriber.id],
      ),
    ]);
    // Sent before the mark commits: a failed send leaves the subscriber due, and the next run tries again;
    // but one refused for good moves on, or that one address would stop every digest behind it each hour.
    try {
      const mailed = await this.subscriptions.mailSubscriber(subscriber, (links) => ({
        ...renderDigestMail(posts, {
          ...look,
          topics: topics.map((topic) => topic.name),
          lang: subscriber.language,
          ...links,
        }),
      }));
      return mailed ? 'mailed' : 'skipped';
    } catch (error) {
      if (!isPermanentSmtpRejection(error)) throw error;
      this.logger.warn(`Weekly digest to subscriber ${subscriber.id} refused by the SMTP server: ${String(error)}`);
      return 'skipped';
    }
  }

  /** The posts to list: marked to be sent, published in the subscriber's topics within their week, newest first. */
  private async postsFor(manager: EntityManager, subscriber: DueSubscriber, weekEnd: Date): Promise<DigestPost[]> {
    const posts = await manager.query<Array<DigestPost & { language: Language }>>(
      `SELECT p.title, p.slug, p.language, p.short_content, p.thumbnail, p.thumbnail_alt, c.name AS category_name,
              to_json(p.published_at) #>> '{}' AS published_at
       FROM posts p
         JOIN categories c ON c.id = p.category_id
         JOIN subscriber_categories sc ON sc.category_id = p.category_id AND sc.subscriber_id = $1
       WHERE ${visiblePostSql('p')} AND p.send_to_subscribers
         AND p.published_at > $2::timestamptz AND p.published_at <= $3::timestamptz
       ORDER BY p.published_at DESC, p.id DESC LIMIT $4`,
      [subscriber.id, subscriber.since, weekEnd, DIGEST_MAX_POSTS],
    );
    const sizes = await this.imageSizes.ofMany(posts.map((post) => post.thumbnail));
    return Promise.all(
      posts.map(async (post) => ({
        ...post,
        path: await this.siteLanguages.pathIn(postPath(post.slug), post.language),
        thumbnail_width: sizes.get(post.thumbnail ?? '')?.width ?? null,
      })),
    );
  }
}
