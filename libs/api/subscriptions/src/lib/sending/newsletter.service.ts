import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { postPath, type Language } from '@blog/contracts';
import { DomainEvents, SiteLanguages, UploadedImageSizes } from '@blog/api/core';
import { JobQueue } from '@blog/api/jobs';
import { isPermanentSmtpRejection } from '@blog/api/mail';
import { withResponsiveImages } from '@blog/shared/html/responsive-images';
import { SubscriptionsService, type SubscriberLinks, type SubscriberRow } from '../subscribing/subscriptions.service';
import { mailEachRow, type RowTaken } from './mail-each-row';
import { renderPostMail, type MailPost, type PostMail } from '../mail/post-mail';

export const NEWSLETTER_JOB = 'newsletter-send';

/** A post as its mail needs it. */
interface PostToMail extends Omit<MailPost, 'thumbnail_width' | 'thumbnail_height'> {
  id: number;
  language: Language;
  category_id: number;
  send_to_subscribers: boolean;
}

/** Where a subscriber's own link goes in the post's mail, rendered once for all (an address no mail keeps). */
const LINK_STAND_IN = 'https://subscriber-link.invalid/';

/** A post's mail, rendered once per language, and as one subscriber gets it. */
interface PostMailTemplate {
  subject: string;
  personalised(links: SubscriberLinks): PostMail;
}

/**
 * New posts by e-mail. On `post.published` (now, or when its schedule comes: the publication job
 * emits it then) of a post marked `send_to_subscribers`, a job writes one delivery row per subscriber
 * of its category confirmed by then (a row per post and subscriber: inserted once, whatever re-runs;
 * none for those who chose the weekly digest, which lists the post), then sends the pending rows,
 * each in its own transaction that locks it (`SKIP LOCKED`: two instances never take the same row)
 * and marks it sent. A restart resumes with the rows still pending; nobody
 * gets a post twice. Unconfirmed and suppressed addresses are never mailed. Each subscriber's mail says
 * its own words (and its links go) in the subscriber's language; the post is the same for all.
 */
@Injectable()
export class NewsletterService implements OnModuleInit {
  private readonly logger = new Logger('Newsletter');

  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly events: DomainEvents,
    private readonly subscriptions: SubscriptionsService,
    private readonly imageSizes: UploadedImageSizes,
    private readonly siteLanguages: SiteLanguages,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ postId: number }>({
      name: NEWSLETTER_JOB,
      handler: async (data, context) => void (await this.send(data.postId, context.signal)),
      retryLimit: 10,
      retryDelaySeconds: 30,
      expireInSeconds: 6 * 60 * 60,
    });
    this.events.subscribe(async (event) => {
      if (event.event !== 'post.published') return;
      const [post] = await this.dataSource.query<Array<{ send_to_subscribers: boolean }>>(
        `SELECT send_to_subscribers FROM posts WHERE id = $1`,
        [event.data.id],
      );
      if (post?.send_to_subscribers) await this.jobs.send(NEWSLETTER_JOB, { postId: event.data.id });
    });
  }

  /**
   * Mails the post to its category's confirmed subscribers who have not had it (none while the owner has
   * unticked "Readers may subscribe": its subscribers can neither see nor leave that topic then); safe to
   * run again, or twice at once.
   */
  async send(postId: number, signal?: AbortSignal): Promise<{ sent: number }> {
    const post = await this.postOf(postId);
    if (!post?.send_to_subscribers) return { sent: 0 };
    await this.dataSource.query(
      `INSERT INTO newsletter_deliveries (post_id, subscriber_id)
       SELECT $1, s.id FROM subscribers s
         JOIN subscriber_categories c ON c.subscriber_id = s.id AND c.category_id = $2
         JOIN categories topic ON topic.id = c.category_id AND topic.subscribable
         JOIN posts p ON p.id = $1
       WHERE s.state = 'confirmed' AND NOT s.digest AND s.confirmed_at <= coalesce(p.published_at, now())
       ON CONFLICT DO NOTHING`,
      [post.id, post.category_id],
    );
    const mails = new Map<Language, Promise<PostMailTemplate>>();
    const mailIn = (language: Language) => {
      if (!mails.has(language)) mails.set(language, this.mailOf(post, language));
      return mails.get(language)!;
    };
    const sent = await mailEachRow(
      this.dataSource,
      (manager) => this.sendOne(manager, post.id, mailIn),
      'Newsletter sending',
      signal,
    );
    if (sent > 0) this.logger.log(`Post ${post.id} mailed to ${sent} subscribers`);
    return { sent };
  }

  /** How many subscribers a post was mailed to. */
  async sentCount(postId: number): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM newsletter_deliveries WHERE post_id = $1 AND state = 'sent'`,
      [postId],
    );
    return row.count;
  }

  private async sendOne(
    manager: EntityManager,
    postId: number,
    mailIn: (language: Language) => Promise<PostMailTemplate>,
  ): Promise<RowTaken> {
    const [delivery] = await manager.query<Array<SubscriberRow & { subscriber_id: number }>>(
      `SELECT d.subscriber_id, s.id, s.email, s.name, s.state, s.digest, s.token_version, s.language
       FROM newsletter_deliveries d JOIN subscribers s ON s.id = d.subscriber_id
       WHERE d.post_id = $1 AND d.state = 'pending'
       ORDER BY d.subscriber_id LIMIT 1 FOR UPDATE OF d SKIP LOCKED`,
      [postId],
    );
    if (!delivery) return 'none';
    const mark = (state: 'sent' | 'failed', error: string | null) =>
      manager.query(
        `UPDATE newsletter_deliveries SET state = $3::varchar, attempts = attempts + 1, error = $4,
           sent_at = CASE WHEN $3::varchar = 'sent' THEN now() END
         WHERE post_id = $1 AND subscriber_id = $2`,
        [postId, delivery.subscriber_id, state, error],
      );
    if (delivery.state !== 'confirmed') {
      await mark('failed', `not confirmed (${delivery.state})`);
      return 'skipped';
    }
    try {
      const mail = await mailIn(delivery.language);
      const mailed = await this.subscriptions.mailSubscriber(delivery, mail.personalised);
      await mark(mailed ? 'sent' : 'failed', mailed ? null : 'suppressed');
      return mailed ? 'mailed' : 'skipped';
    } catch (error) {
      // Refused for good (5xx): that delivery fails alone, or one address would stop the post for everyone
      // behind it; refused for now (4xx) or unreachable: the row stays pending for the job's next try.
      if (!isPermanentSmtpRejection(error)) throw error;
      await mark('failed', String(error).slice(0, 500));
      return 'skipped';
    }
  }

  private async postOf(postId: number): Promise<PostToMail | undefined> {
    const [post] = await this.dataSource.query<PostToMail[]>(
      `SELECT p.id, p.title, p.slug, p.language, p.category_id, p.send_to_subscribers, p.short_content, p.content, p.thumbnail,
              p.thumbnail_alt, to_json(p.published_at) #>> '{}' AS published_at, c.name AS category_name
       FROM posts p JOIN categories c ON c.id = p.category_id WHERE p.id = $1 AND p.deleted_at IS NULL`,
      [postId],
    );
    return post;
  }

  /**
   * The post rendered for mail clients once for the subscribers of one language (`renderPostMail`: the
   * costly part), with stand-ins for each subscriber's own links, which `personalised` puts in.
   */
  private async mailOf(post: PostToMail, language: Language): Promise<PostMailTemplate> {
    const [thumbnailSize, content, look, path] = await Promise.all([
      this.imageSizes.of(post.thumbnail),
      withResponsiveImages(post.content, (names) => this.imageSizes.ofMany(names)),
      this.subscriptions.mailLook(),
      this.siteLanguages.pathIn(postPath(post.slug), post.language),
    ]);
    const stand = { unsubscribeUrl: `${LINK_STAND_IN}unsubscribe`, preferencesUrl: `${LINK_STAND_IN}preferences` };
    const mail = renderPostMail(
      {
        ...post,
        path,
        content,
        thumbnail_width: thumbnailSize?.width ?? null,
        thumbnail_height: thumbnailSize?.height ?? null,
      },
      { ...look, topics: [post.category_name], lang: language, ...stand },
    );
    return {
      subject: mail.subject,
      personalised: (links) => {
        const put = (text: string) =>
          text
            .replaceAll(stand.unsubscribeUrl, links.unsubscribeUrl)
            .replaceAll(stand.preferencesUrl, links.preferencesUrl);
        return { subject: mail.subject, html: put(mail.html), text: put(mail.text) };
      },
    };
  }
}
