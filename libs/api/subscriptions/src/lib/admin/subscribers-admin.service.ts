import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  OK,
  SITE_TIME_ZONE,
  SUBSCRIBERS_PAGE_SIZE,
  SUBSCRIBER_IMPORT_INVALID_SHOWN,
  type Ok,
  type StatsRange,
  type SubscriberCounts,
  type SubscriberGrowth,
  type SubscriberImportOptions,
  type SubscriberImportResult,
  type SubscriberList,
  type SubscribersQuery,
  type Suppression,
} from '@blog/contracts';
import { DomainError, SiteLanguages } from '@blog/api/core';
import { likePattern } from '@blog/api/data';
import { JobQueue } from '@blog/api/jobs';
import { SUBSCRIBER_RECORD_COLUMNS, toSubscriber, type SubscriberRecordRow } from '../subscribing/subscriber-records';
import { SUBSCRIBER_COLUMNS, SubscriptionsService, type SubscriberRow } from '../subscribing/subscriptions.service';
import { mailEachRow } from '../sending/mail-each-row';
import { readSubscriberCsv, subscribersCsv } from './subscriber-csv';

/** The job that mails imported subscribers their confirmation link. */
export const SUBSCRIBER_CONFIRMATIONS_JOB = 'subscribers.confirmations';
/** Rows written by one statement of an import. */
const IMPORT_BATCH = 1000;

interface SuppressionRow {
  email_hash: string;
  email_hint: string;
  reason: Suppression['reason'];
  detail: string;
  created_at: Date;
}

const toSuppression = (row: SuppressionRow): Suppression => ({
  id: row.email_hash,
  email_hint: row.email_hint,
  reason: row.reason,
  detail: row.detail,
  created_at: row.created_at.toISOString(),
});

/** SQL placeholders numbered as values are added: `where.push(\`x = ${param(value)}\`)`. */
function sqlParameters() {
  const values: unknown[] = [];
  return { values, param: (value: unknown) => `$${values.push(value)}` };
}

/**
 * The owner's side of the subscriptions (both doors, `/api/subscribers…` and tRPC `subscribers.*`):
 * the list of subscribers and suppressions, counts, removal, undoing a suppression, growth by day,
 * CSV export and import. An import adds no suppressed address and changes no existing subscriber;
 * its addresses are mailed nothing until they confirm unless the owner states they opted in already
 * (recorded as their consent). Their confirmation links go out through a job, at the mail rate.
 */
@Injectable()
export class SubscribersAdminService implements OnModuleInit {
  private readonly logger = new Logger('SubscribersAdmin');

  constructor(
    private readonly dataSource: DataSource,
    private readonly subscriptions: SubscriptionsService,
    private readonly jobs: JobQueue,
    private readonly siteLanguages: SiteLanguages,
  ) {}

  onModuleInit(): void {
    this.jobs.register({
      name: SUBSCRIBER_CONFIRMATIONS_JOB,
      handler: async (_data, context) => void (await this.sendQueuedConfirmations(context.signal)),
      // One waiting run is enough: it takes every queued row, those of later imports too.
      policy: 'short',
      retryLimit: 10,
      retryDelaySeconds: 30,
      expireInSeconds: 6 * 60 * 60,
    });
  }

  /** A page of subscribers (`pending`, `confirmed` or both), or of suppressions (`unsubscribed`, `suppressed`). */
  async list(query: SubscribersQuery): Promise<SubscriberList> {
    const page = { page: query.page, page_size: SUBSCRIBERS_PAGE_SIZE };
    const offset = (query.page - 1) * SUBSCRIBERS_PAGE_SIZE;
    const { values, param } = sqlParameters();
    const q = query.q?.normalize('NFC');

    if (query.state === 'unsubscribed' || query.state === 'suppressed') {
      const where = [query.state === 'unsubscribed' ? `reason = 'unsubscribed'` : `reason <> 'unsubscribed'`];
      // A whole address is found by its hash; a part of it in the hint (`l•••@gmail.com`) or the detail.
      if (q) {
        const pattern = param(likePattern(q));
        where.push(
          `(email_hash = ${param(this.subscriptions.links.suppressionHash(q))} OR email_hint ILIKE ${pattern} OR detail ILIKE ${pattern})`,
        );
      }
      const filter = where.join(' AND ');
      const [rows, [{ total }]] = await Promise.all([
        this.dataSource.query<SuppressionRow[]>(
          `SELECT email_hash, email_hint, reason, detail, created_at FROM suppressions WHERE ${filter}
           ORDER BY created_at DESC, email_hash LIMIT ${SUBSCRIBERS_PAGE_SIZE} OFFSET ${offset}`,
          values,
        ),
        this.dataSource.query<Array<{ total: number }>>(
          `SELECT count(*)::int AS total FROM suppressions WHERE ${filter}`,
          values,
        ),
      ]);
      return { subscribers: [], suppressions: rows.map(toSuppression), total, ...page };
    }

    const where = [query.state ? `s.state = ${param(query.state)}` : `s.state IN ('pending', 'confirmed')`];
    if (q) {
      const pattern = param(likePattern(q));
      where.push(
        `(immutable_unaccent(s.email) ILIKE immutable_unaccent(${pattern}) OR immutable_unaccent(s.name) ILIKE immutable_unaccent(${pattern}))`,
      );
    }
    if (query.topic !== undefined) {
      where.push(
        `EXISTS (SELECT 1 FROM subscriber_categories c WHERE c.subscriber_id = s.id AND c.category_id = ${param(query.topic)})`,
      );
    }
    const filter = where.join(' AND ');
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query<SubscriberRecordRow[]>(
        `SELECT ${SUBSCRIBER_RECORD_COLUMNS} FROM subscribers s WHERE ${filter}
         ORDER BY s.created_at DESC, s.id DESC LIMIT ${SUBSCRIBERS_PAGE_SIZE} OFFSET ${offset}`,
        values,
      ),
      this.dataSource.query<Array<{ total: number }>>(
        `SELECT count(*)::int AS total FROM subscribers s WHERE ${filter}`,
        values,
      ),
    ]);
    return { subscribers: rows.map(toSubscriber), suppressions: [], total, ...page };
  }

  /** How many are in each state, and the confirmed subscribers of each subscribable category. */
  async counts(): Promise<SubscriberCounts> {
    const [[subscribers], [suppressions], topics] = await Promise.all([
      this.dataSource.query<Array<{ pending: number; confirmed: number }>>(
        `SELECT count(*) FILTER (WHERE state = 'pending')::int AS pending,
                count(*) FILTER (WHERE state = 'confirmed')::int AS confirmed FROM subscribers`,
      ),
      this.dataSource.query<Array<{ unsubscribed: number; suppressed: number }>>(
        `SELECT count(*) FILTER (WHERE reason = 'unsubscribed')::int AS unsubscribed,
                count(*) FILTER (WHERE reason <> 'unsubscribed')::int AS suppressed FROM suppressions`,
      ),
      this.dataSource.query<SubscriberCounts['topics']>(
        `SELECT c.id, c.name, count(s.id)::int AS confirmed FROM categories c
           LEFT JOIN subscriber_categories sc ON sc.category_id = c.id
           LEFT JOIN subscribers s ON s.id = sc.subscriber_id AND s.state = 'confirmed'
         WHERE c.subscribable GROUP BY c.id ORDER BY c.name, c.id`,
      ),
    ]);
    return { states: { ...subscribers, ...suppressions }, topics };
  }

  /**
   * Removes a subscriber: never mailed again unless they subscribe again; with `suppress`, the address
   * is suppressed (reason `manual`: no form nor import adds it again until the owner allows it).
   */
  async remove({ id, suppress }: { id: number; suppress: boolean }): Promise<Ok> {
    const [subscriber] = await this.dataSource.query<Array<{ email: string }>>(
      `SELECT email FROM subscribers WHERE id = $1`,
      [id],
    );
    if (!subscriber) throw DomainError.notFound('Subscriber');
    if (suppress) await this.subscriptions.suppress(subscriber.email, 'manual');
    else await this.dataSource.query(`DELETE FROM subscribers WHERE id = $1`, [id]);
    return OK;
  }

  /** Undoes a suppression: the address may subscribe, or be imported, again. */
  async restoreSuppression(id: string): Promise<Ok> {
    const [, deleted] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM suppressions WHERE email_hash = $1`,
      [id],
    );
    if (deleted === 0) throw DomainError.notFound('Suppression');
    return OK;
  }

  /**
   * Each day of the range (site time zone): confirmations (`joined`, those who left since included),
   * departures of confirmed subscribers (`left`: suppressions that keep a confirmation) and the confirmed
   * at the day's end. A suppression undone takes its departure (and its confirmation) out of the past.
   */
  async growth({ from, to }: StatsRange): Promise<SubscriberGrowth> {
    const days = await this.dataSource.query<SubscriberGrowth['days']>(
      `WITH moves AS (
         SELECT (confirmed_at AT TIME ZONE $3)::date AS day, 1 AS joined, 0 AS departed
           FROM subscribers WHERE state = 'confirmed' AND confirmed_at IS NOT NULL
         UNION ALL
         SELECT (confirmed_at AT TIME ZONE $3)::date, 1, 0 FROM suppressions WHERE confirmed_at IS NOT NULL
         UNION ALL
         SELECT (created_at AT TIME ZONE $3)::date, 0, 1 FROM suppressions WHERE confirmed_at IS NOT NULL
       ),
       by_day AS (
         SELECT day, sum(joined)::int AS joined, sum(departed)::int AS departed FROM moves
          WHERE day >= $1::date AND day <= $2::date GROUP BY day
       )
       SELECT d::date::text AS day, coalesce(by_day.joined, 0) AS joined, coalesce(by_day.departed, 0) AS "left",
              ((SELECT coalesce(sum(joined - departed), 0) FROM moves WHERE day < $1::date)
                + sum(coalesce(by_day.joined, 0) - coalesce(by_day.departed, 0)) OVER (ORDER BY d))::int AS confirmed
         FROM generate_series($1::date, $2::date, interval '1 day') d
         LEFT JOIN by_day ON by_day.day = d::date
        ORDER BY d`,
      [from, to, SITE_TIME_ZONE],
    );
    return { days };
  }

  /** Every subscriber as CSV, oldest first, their topics as category slugs. */
  async exportCsv(): Promise<string> {
    const rows = await this.dataSource.query<Array<SubscriberRecordRow & { topic_slugs: string[] }>>(
      `SELECT ${SUBSCRIBER_RECORD_COLUMNS},
              array(SELECT k.slug FROM subscriber_categories c JOIN categories k ON k.id = c.category_id
                     WHERE c.subscriber_id = s.id ORDER BY k.slug) AS topic_slugs
         FROM subscribers s WHERE s.state IN ('pending', 'confirmed') ORDER BY s.id`,
    );
    return subscribersCsv(rows.map((row) => ({ ...toSubscriber(row), topic_slugs: row.topic_slugs })));
  }

  /**
   * Adds the addresses of an export (`readSubscriberCsv`): never a suppressed one, never over an existing
   * subscriber. With `already_opted_in` they are confirmed on the owner's statement (`consent_note`);
   * else pending, and with `send_confirmation` each is queued for its confirmation link. Nothing is
   * announced per address (an import is bulk: no `subscriber.confirmed` for each).
   */
  async import(csv: string, options: SubscriberImportOptions): Promise<SubscriberImportResult> {
    const confirm = !options.already_opted_in && options.send_confirmation;
    // Links nobody could receive are refused before anything is written.
    if (confirm) this.subscriptions.assertMailSetUp();
    const topics = await this.subscriptions.checkedTopics(options.topics);
    const read = readSubscriberCsv(csv);
    const suppressed = await this.subscriptions.suppressedAmong(read.subscribers.map((row) => row.email));
    const candidates = read.subscribers.filter((row) => !suppressed.has(row.email.toLowerCase()));
    const state = options.already_opted_in ? 'confirmed' : 'pending';
    // An imported list names no page they subscribed on: their mails are in the site's default language.
    const { default_language: language } = await this.siteLanguages.settings();

    const added = await this.dataSource.transaction(async (manager) => {
      let count = 0;
      for (let start = 0; start < candidates.length; start += IMPORT_BATCH) {
        const batch = candidates.slice(start, start + IMPORT_BATCH);
        // A unique address already here (any case) is left as it is.
        const ids = await manager.query<Array<{ id: number }>>(
          `INSERT INTO subscribers (email, name, digest, state, consent_source, consent_note, confirmed_at, confirmation_queued,
                                    language)
           SELECT email, name, digest, $4::varchar, 'import', $5::text, CASE WHEN $4::varchar = 'confirmed' THEN now() END, $6::boolean,
                  $7::varchar
             FROM unnest($1::text[], $2::text[], $3::boolean[]) AS row (email, name, digest)
           ON CONFLICT DO NOTHING RETURNING id`,
          [
            batch.map((row) => row.email),
            batch.map((row) => row.name),
            batch.map((row) => row.digest),
            state,
            options.consent_note,
            confirm,
            language,
          ],
        );
        await manager.query(
          `INSERT INTO subscriber_categories (subscriber_id, category_id)
           SELECT id, topic FROM unnest($1::int[]) AS id, unnest($2::int[]) AS topic`,
          [ids.map((row) => row.id), topics],
        );
        count += ids.length;
      }
      return count;
    });
    if (confirm && added > 0) {
      await this.jobs.sendUnlessQueued(
        SUBSCRIBER_CONFIRMATIONS_JOB,
        {},
        { singletonKey: SUBSCRIBER_CONFIRMATIONS_JOB },
      );
    }
    this.logger.log(`Imported a ${read.format} file: ${added} added`);
    return {
      format: read.format,
      added,
      existing: candidates.length - added,
      suppressed: suppressed.size + read.leftOut,
      invalid: read.invalid.slice(0, SUBSCRIBER_IMPORT_INVALID_SHOWN),
      invalid_total: read.invalid.length,
      confirmations_sent: confirm ? added : 0,
    };
  }

  /**
   * Mails the queued confirmation links, as many at once as the SMTP pool has connections (which keeps
   * to the mail rate): each row locked (`SKIP LOCKED`: instances never take the same), mailed, and
   * unmarked in one transaction, so a restart resumes with the rest and nobody gets two. Answers how
   * many this run sent; throws when `signal` stops it (the job runs again for the rest).
   */
  async sendQueuedConfirmations(signal?: AbortSignal): Promise<number> {
    return mailEachRow(
      this.dataSource,
      async (manager) => {
        const [subscriber] = await manager.query<SubscriberRow[]>(
          `SELECT ${SUBSCRIBER_COLUMNS} FROM subscribers WHERE confirmation_queued
           ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        );
        if (!subscriber) return 'none';
        if (subscriber.state === 'pending') await this.subscriptions.sendConfirmation(subscriber);
        await manager.query(`UPDATE subscribers SET confirmation_queued = false WHERE id = $1`, [subscriber.id]);
        return subscriber.state === 'pending' ? 'mailed' : 'skipped';
      },
      'Sending confirmation links',
      signal,
    );
  }
}
