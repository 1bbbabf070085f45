import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  formatWait,
  type Language,
  OK,
  SITE_ROUTES,
  SUBSCRIBE_HONEYPOT_FIELD,
  SUBSCRIBE_RATE_LIMITS,
  SUBSCRIPTION_LINK_DAYS,
  SUBSCRIPTION_LINK_PARAMS,
  type Ok,
  type Subscribe,
  type SubscriptionPreferences,
  type SuppressionReason,
  uploadUrl,
} from '@blog/contracts';
import { readMailSender, readSiteIdentity, SharedReads } from '@blog/api/data';
import { APP_CONFIG, DomainError, DomainEvents, SiteLanguages, type AppConfig } from '@blog/api/core';
import { RateLimiter, sessionSecretOf } from '@blog/api/security';
import { MailService, type MailMessage } from '@blog/api/mail';
import { emailHint, subscriberRecord } from './subscriber-records';
import { SubscriptionLinks, type LinkPurpose } from './subscription-links';
import type { MailSite } from '../mail/mail-layout';
import { MAIL_WORDS } from '../mail/mail-words';

/** A mail to a subscriber, before its address, its sender and its RFC 8058 headers are added. */
type SubscriberMessage = Omit<MailMessage, 'to' | 'headers' | 'fromName' | 'fromAddress'>;

/** A subscriber's own links, signed: leaving (the page with its button, and the one-click door) and preferences. */
export interface SubscriberLinks {
  unsubscribeUrl: string;
  preferencesUrl: string;
}

/** A subscriber as the mails need it. */
export interface SubscriberRow {
  id: number;
  email: string;
  name: string;
  state: 'pending' | 'confirmed' | 'suppressed';
  digest: boolean;
  token_version: number;
  /** The language of the page they subscribed on: their mails' words and links are in it. */
  language: Language;
}

export const SUBSCRIBER_COLUMNS = 'id, email, name, state, digest, token_version, language';

/** Refused while `SMTP_URL` is unset: a subscription nobody could confirm is never taken. */
export const MAIL_NOT_SET_UP =
  'E-mail subscriptions are not available: mail is not set up on this site (the server has no SMTP_URL)';

const INVALID_LINK = 'This link is not valid (it expired, was replaced by a newer one, or the subscription is gone)';

/**
 * Readers' subscriptions with double opt-in: a subscriber is stored pending and mailed only the
 * confirmation link until confirmed. Asking again answers alike whatever the address's state (nothing
 * tells who is subscribed): a pending address gets a new link, a confirmed one a reminder with its
 * preferences link, a suppressed one nothing. Leaving deletes the subscriber and keeps a suppression
 * (a keyed hash of the address), which every mail checks.
 */
@Injectable()
export class SubscriptionsService {
  private readonly limiter: RateLimiter<keyof typeof SUBSCRIBE_RATE_LIMITS>;
  readonly links: SubscriptionLinks;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly dataSource: DataSource,
    private readonly events: DomainEvents,
    private readonly sharedReads: SharedReads,
    private readonly siteLanguages: SiteLanguages,
  ) {
    this.links = new SubscriptionLinks(sessionSecretOf(config));
    this.limiter = new RateLimiter(
      dataSource,
      'subscribe',
      SUBSCRIBE_RATE_LIMITS,
      (seconds) => `Too many subscription requests. Please try again in ${formatWait(seconds)}.`,
    );
  }

  readonly mailNotSetUpMessage = MAIL_NOT_SET_UP;

  /** 503 without SMTP: subscriptions are refused, never silently dropped. */
  assertMailSetUp(): void {
    if (!this.mail.delivers) {
      throw new DomainError('SERVICE_UNAVAILABLE', MAIL_NOT_SET_UP, undefined, { 'Retry-After': '3600' });
    }
  }

  async subscribe(input: Subscribe, address: string): Promise<Ok> {
    this.assertMailSetUp();
    // A robot's form (the hidden field filled in) is answered as any other, and nothing is done.
    if (input[SUBSCRIBE_HONEYPOT_FIELD]) return OK;
    const email = input.email.toLowerCase();
    await this.limiter.consume({ perAddress: address, perAddressDaily: address, perEmailDaily: email });
    const topics = await this.checkedTopics(input.topics);
    const language = await this.siteLanguages.ofWrite(input.language);
    if (await this.isSuppressed(email)) return OK;

    const subscriber = await this.dataSource.transaction(async (manager) => {
      const [existing] = await manager.query<SubscriberRow[]>(
        `SELECT ${SUBSCRIBER_COLUMNS} FROM subscribers WHERE lower(email) = $1 FOR UPDATE`,
        [email],
      );
      if (existing?.state === 'confirmed' || existing?.state === 'suppressed') return existing;
      let row = existing;
      if (row) {
        // Asked again before confirming: the newest form's name and language.
        [[row]] = await manager.query<[SubscriberRow[], number]>(
          `UPDATE subscribers SET name = $2, language = $3, consent_at = now(), updated_at = now() WHERE id = $1
           RETURNING ${SUBSCRIBER_COLUMNS}`,
          [row.id, input.name, language],
        );
      } else {
        [row] = await manager.query<SubscriberRow[]>(
          `INSERT INTO subscribers (email, name, consent_source, language) VALUES ($1, $2, 'form', $3)
           RETURNING ${SUBSCRIBER_COLUMNS}`,
          [input.email, input.name, language],
        );
      }
      await this.replaceTopics(manager, row.id, topics);
      return row;
    });

    if (subscriber.state === 'pending') await this.sendConfirmation(subscriber);
    else if (subscriber.state === 'confirmed') await this.sendAlreadySubscribed(subscriber);
    return OK;
  }

  /** Confirms the subscription a confirmation link names; again is harmless (and announced only the first time). */
  async confirm(token: string): Promise<{ email: string }> {
    const subscriber = await this.subscriberOf(token, 'confirm');
    // An UPDATE answers its rows and their count: 0 when it was confirmed already.
    const [, changed] = await this.dataSource.query<[unknown, number]>(
      `UPDATE subscribers SET state = 'confirmed', confirmed_at = coalesce(confirmed_at, now()), updated_at = now()
       WHERE id = $1 AND state = 'pending'`,
      [subscriber.id],
    );
    const record = changed > 0 ? await subscriberRecord(this.dataSource.manager, subscriber.id) : undefined;
    if (record) await this.events.emit('subscriber.confirmed', record);
    return { email: subscriber.email };
  }

  async preferences(token: string): Promise<SubscriptionPreferences> {
    const subscriber = await this.subscriberOf(token, 'manage');
    const topics = await this.dataSource.query<Array<{ category_id: number }>>(
      `SELECT category_id FROM subscriber_categories WHERE subscriber_id = $1 ORDER BY category_id`,
      [subscriber.id],
    );
    return {
      email: subscriber.email,
      name: subscriber.name,
      digest: subscriber.digest,
      language: subscriber.language,
      topics: topics.map((topic) => topic.category_id),
      categories: await this.subscribableCategories(),
    };
  }

  async updatePreferences(
    token: string,
    choices: { topics: number[]; digest: boolean; language?: Language },
  ): Promise<Ok> {
    const subscriber = await this.subscriberOf(token, 'manage');
    const topics = await this.checkedTopics(choices.topics);
    const language = await this.siteLanguages.ofWrite(choices.language, subscriber.language);
    await this.dataSource.transaction(async (manager) => {
      // Choosing the digest starts its week now: the posts mailed one by one until then are not listed again.
      await manager.query(
        `UPDATE subscribers SET digest = $2, language = $3, updated_at = now(),
           digest_sent_at = CASE WHEN $2 AND NOT digest THEN now() ELSE digest_sent_at END
         WHERE id = $1`,
        [subscriber.id, choices.digest, language],
      );
      await this.replaceTopics(manager, subscriber.id, topics);
    });
    return OK;
  }

  /**
   * Unsubscribes the address a manage link names: its row goes, its deliveries with it, and only a
   * suppression hash stays. A link whose subscriber is gone already answers OK (a second click).
   */
  async unsubscribe(token: string): Promise<Ok> {
    const claims = this.links.verify(token, 'manage');
    if (!claims) throw new DomainError('BAD_REQUEST', INVALID_LINK, [{ field: 'token', message: INVALID_LINK }]);
    const [subscriber] = await this.dataSource.query<SubscriberRow[]>(
      `SELECT ${SUBSCRIBER_COLUMNS} FROM subscribers WHERE id = $1 AND token_version = $2`,
      [claims.id, claims.version],
    );
    if (subscriber) await this.suppress(subscriber.email, 'unsubscribed');
    return OK;
  }

  /** The language of the unsubscribe page a manage link opens: its subscriber's, else (gone, or a bad link) the site's default. */
  async languageOf(token: string): Promise<Language> {
    const claims = this.links.verify(token, 'manage');
    const [subscriber] = claims
      ? await this.dataSource.query<Array<{ language: Language }>>(
          `SELECT language FROM subscribers WHERE id = $1 AND token_version = $2`,
          [claims.id, claims.version],
        )
      : [];
    return subscriber?.language ?? (await this.siteLanguages.settings()).default_language;
  }

  /**
   * Never mailed again: the subscriber (if any) deleted, a suppression kept with its reason, a masked hint
   * of the address and when it had confirmed (a departure from the confirmed, by day). A suppression
   * there already keeps its first reason. A deleted subscriber is announced (`subscriber.unsubscribed`).
   */
  async suppress(email: string, reason: SuppressionReason, detail = ''): Promise<void> {
    const gone = await this.dataSource.transaction(async (manager) => {
      // A DELETE answers its rows and their count.
      const [[deleted]] = await manager.query<
        [Array<{ id: number; email: string; confirmed_at: Date | null }>, number]
      >(`DELETE FROM subscribers WHERE lower(email) = lower($1) RETURNING id, email, confirmed_at`, [email]);
      await manager.query(
        `INSERT INTO suppressions (email_hash, email_hint, reason, detail, confirmed_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (email_hash) DO NOTHING`,
        [this.links.suppressionHash(email), emailHint(email), reason, detail, deleted?.confirmed_at ?? null],
      );
      return deleted;
    });
    if (gone) await this.events.emit('subscriber.unsubscribed', { id: gone.id, email: gone.email, reason });
  }

  async isSuppressed(email: string): Promise<boolean> {
    return (await this.suppressedAmong([email])).size > 0;
  }

  /** Which of `emails` are suppressed (in lower case): one query for an import's thousands. */
  async suppressedAmong(emails: string[]): Promise<Set<string>> {
    const byHash = new Map(emails.map((email) => [this.links.suppressionHash(email), email.trim().toLowerCase()]));
    const rows = await this.dataSource.query<Array<{ email_hash: string }>>(
      `SELECT email_hash FROM suppressions WHERE email_hash = ANY($1::char(64)[])`,
      [[...byHash.keys()]],
    );
    return new Set(rows.map((row) => byHash.get(row.email_hash)!));
  }

  /**
   * The sender of every subscriber mail: General information's sender name and address, else the site's
   * name and the server's `MAIL_FROM` (its address).
   */
  async sender(): Promise<{ name: string; address: string }> {
    // Read for each mail of a newsletter: kept until General information changes.
    const sender = await this.sharedReads.read('subscriptions.sender', ['general_info'], () =>
      readMailSender(this.dataSource.manager),
    );
    return { name: sender.name, address: sender.address || this.mailFromAddress() };
  }

  /** The site as every subscriber mail shows it (its address, name, logo and sender), read once per sending. */
  async mailLook(): Promise<Pick<MailSite, 'siteUrl' | 'siteName' | 'logoUrl' | 'senderName'>> {
    const [site, sender, [info]] = await Promise.all([
      readSiteIdentity(this.dataSource.manager),
      this.sender(),
      this.dataSource.query<Array<{ logo_1: string | null }>>(`SELECT logo_1 FROM general_info ORDER BY id LIMIT 1`),
    ]);
    return {
      siteUrl: this.config.siteUrl,
      siteName: site.site_name,
      logoUrl: uploadUrl(info?.logo_1),
      senderName: sender.name,
    };
  }

  /**
   * Sends a mail to a subscriber from `sender()`, with the headers of RFC 8058 (`List-Unsubscribe` with an
   * HTTPS and a `mailto:` address, `List-Unsubscribe-Post`); never to a suppressed address.
   */
  async mailSubscriber(
    subscriber: SubscriberRow,
    message: SubscriberMessage | ((links: SubscriberLinks) => SubscriberMessage),
  ): Promise<boolean> {
    if (await this.isSuppressed(subscriber.email)) return false;
    const manage = this.links.sign('manage', subscriber);
    const unsubscribeUrl = this.apiUrl('unsubscribe', manage);
    const links = { unsubscribeUrl, preferencesUrl: await this.pageUrl('subscribePreferences', manage, subscriber) };
    const sender = await this.sender();
    await this.mail.send({
      ...(typeof message === 'function' ? message(links) : message),
      to: subscriber.email,
      fromName: sender.name,
      fromAddress: sender.address,
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>, <mailto:${this.mailFromAddress()}?subject=unsubscribe>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    return true;
  }

  /** The address of `MAIL_FROM` (`Name <address>` or a bare address). */
  private mailFromAddress(): string {
    return this.config.mailFrom.match(/<([^>]+)>/)?.[1] ?? this.config.mailFrom;
  }

  /** A public page's address with a signed link, in the subscriber's language: the confirmation, preferences pages. */
  private async pageUrl(
    page: 'subscribeConfirm' | 'subscribePreferences',
    token: string,
    subscriber: Pick<SubscriberRow, 'language'>,
  ): Promise<string> {
    const path = await this.siteLanguages.pathIn(SITE_ROUTES.pages[page], subscriber.language);
    return `${this.config.siteUrl}${path}?${SUBSCRIPTION_LINK_PARAMS.token}=${encodeURIComponent(token)}`;
  }

  private apiUrl(action: 'unsubscribe', token: string): string {
    return `${this.config.siteUrl}/api/subscriptions/${action}?token=${encodeURIComponent(token)}`;
  }

  /** The double opt-in's mail: the confirmation link (valid `SUBSCRIPTION_LINK_DAYS` days). */
  async sendConfirmation(subscriber: SubscriberRow): Promise<void> {
    const { site_name: siteName } = await readSiteIdentity(this.dataSource.manager);
    const link = await this.pageUrl('subscribeConfirm', this.links.sign('confirm', subscriber), subscriber);
    const words = MAIL_WORDS[subscriber.language].confirm;
    await this.mailSubscriber(subscriber, {
      subject: words.subject(siteName),
      text: words.text({ name: subscriber.name, siteName, link, days: SUBSCRIPTION_LINK_DAYS }),
    });
  }

  private async sendAlreadySubscribed(subscriber: SubscriberRow): Promise<void> {
    const { site_name: siteName } = await readSiteIdentity(this.dataSource.manager);
    const link = await this.pageUrl('subscribePreferences', this.links.sign('manage', subscriber), subscriber);
    const words = MAIL_WORDS[subscriber.language].alreadySubscribed;
    await this.mailSubscriber(subscriber, { subject: words.subject(siteName), text: words.text({ siteName, link }) });
  }

  private async subscriberOf(token: string, purpose: LinkPurpose): Promise<SubscriberRow> {
    const claims = this.links.verify(token, purpose);
    const [subscriber] = claims
      ? await this.dataSource.query<SubscriberRow[]>(
          `SELECT ${SUBSCRIBER_COLUMNS} FROM subscribers WHERE id = $1 AND token_version = $2 AND state <> 'suppressed'`,
          [claims.id, claims.version],
        )
      : [];
    if (!subscriber) throw new DomainError('BAD_REQUEST', INVALID_LINK, [{ field: 'token', message: INVALID_LINK }]);
    return subscriber;
  }

  async subscribableCategories(): Promise<Array<{ id: number; name: string }>> {
    return this.dataSource.query(`SELECT id, name FROM categories WHERE subscribable ORDER BY name, id`);
  }

  /** The topics asked for, each a subscribable category, else 400 naming `topics`; none: all of them. */
  async checkedTopics(topics: number[]): Promise<number[]> {
    const subscribable = new Set((await this.subscribableCategories()).map((category) => category.id));
    const unknown = topics.filter((id) => !subscribable.has(id));
    if (unknown.length > 0) {
      throw DomainError.invalid([
        { field: 'topics', message: `Not a topic one can subscribe to: ${unknown.join(', ')}` },
      ]);
    }
    return topics.length > 0 ? topics : [...subscribable];
  }

  private async replaceTopics(manager: EntityManager, subscriberId: number, topics: number[]): Promise<void> {
    await manager.query(`DELETE FROM subscriber_categories WHERE subscriber_id = $1`, [subscriberId]);
    await manager.query(`INSERT INTO subscriber_categories (subscriber_id, category_id) SELECT $1, unnest($2::int[])`, [
      subscriberId,
      topics,
    ]);
  }
}
