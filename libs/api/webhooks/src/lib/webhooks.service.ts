import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import type { Repository } from 'typeorm';
import {
  OK,
  RETENTION_SCHEDULE,
  SITE_TIME_ZONE,
  WEBHOOK_HEADERS,
  WEBHOOK_LOG_DAYS,
  WEBHOOK_LOG_MAX_PER_WEBHOOK,
  WEBHOOK_TEST_EVENT,
  type Ok,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
  type webhookInputSchema,
  type WebhookPayload,
} from '@blog/contracts';
import { WebhookDeliveryEntity, WebhookEntity } from '@blog/api/data';
import {
  APP_CONFIG,
  DomainError,
  DomainEvents,
  guardedPost,
  GuardedFetchError,
  redactSecrets,
  redactUrlCredentials,
  ROOT_LOGGER,
  type AppConfig,
  type DomainEvent,
} from '@blog/api/core';
import { SecretBox, sessionSecretOf } from '@blog/api/security';
import { JobQueue, type JobContext } from '@blog/api/jobs';
import type { z } from 'zod';
import { newWebhookSecret, webhookSignature } from './webhook-signature';

export type WebhookFields = z.output<typeof webhookInputSchema>;

/** The job that sends one delivery (retried with back-off while the receiver fails). */
export const WEBHOOK_DELIVERY_JOB = 'webhooks.deliver';
/** The daily job that keeps the delivery log bounded. */
export const WEBHOOK_LOG_PRUNE_JOB = 'webhooks.prune-log';

/** Injection token of the delivery settings (the specs shorten the back-off). */
export const WEBHOOK_DELIVERY_SETTINGS = Symbol('WEBHOOK_DELIVERY_SETTINGS');

export interface WebhookDeliverySettings {
  /** Attempts after the first: 8 with a 30 s start is about two hours of back-off (30 s, 1, 2, 4 … 64 min). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** For one attempt, answer included: a receiver answers at once and does its work later. */
  timeoutMs: number;
}

export const DEFAULT_WEBHOOK_DELIVERY_SETTINGS: WebhookDeliverySettings = {
  retryLimit: 8,
  retryDelaySeconds: 30,
  timeoutMs: 10_000,
};

const NOT_FOUND = 'Webhook';
/** An answer's text kept in the log with its error, at most. */
const ERROR_MAX_LENGTH = 500;

function toDelivery(row: WebhookDeliveryEntity): WebhookDelivery {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    response_status: row.response_status,
    duration_ms: row.duration_ms,
    error: row.error,
    created_at: row.created_at.toISOString(),
    last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
  };
}

/**
 * Webhooks: the owner's receivers, each told of the events it chose (`DomainEvents`) by a
 * signed JSON POST. Each event makes one delivery per matching active webhook, stored (the log) and sent
 * by the job queue, which retries a failed attempt with exponential back-off, through the guarded POST
 * (no private address unless `WEBHOOK_ALLOWED_HOSTS` names it). Secrets are kept sealed (`SecretBox`).
 */
@Injectable()
export class WebhooksService implements OnModuleInit {
  private readonly box: SecretBox;
  private readonly log: Logger;

  constructor(
    @InjectRepository(WebhookEntity) private readonly webhooks: Repository<WebhookEntity>,
    @InjectRepository(WebhookDeliveryEntity) private readonly deliveries: Repository<WebhookDeliveryEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WEBHOOK_DELIVERY_SETTINGS) private readonly settings: WebhookDeliverySettings,
    @Inject(ROOT_LOGGER) logger: Logger,
    private readonly jobs: JobQueue,
    private readonly events: DomainEvents,
  ) {
    this.box = new SecretBox(sessionSecretOf(config), 'webhook secrets');
    this.log = logger.child({ context: 'Webhooks' });
  }

  onModuleInit(): void {
    this.jobs.register<{ deliveryId: string }>({
      name: WEBHOOK_DELIVERY_JOB,
      handler: (data, context) => this.deliver(data.deliveryId, context),
      retryLimit: this.settings.retryLimit,
      retryDelaySeconds: this.settings.retryDelaySeconds,
      expireInSeconds: Math.ceil(this.settings.timeoutMs / 1000) + 60,
    });
    this.jobs.register({
      name: WEBHOOK_LOG_PRUNE_JOB,
      handler: async () => void (await this.pruneLog()),
      retryLimit: 2,
      expireInSeconds: 10 * 60,
      schedule: { cron: RETENTION_SCHEDULE, tz: SITE_TIME_ZONE },
    });
    this.events.subscribe((event) => this.enqueue(event));
  }

  /** Every webhook, the oldest first, with its last delivery's state. */
  list(): Promise<Webhook[]> {
    return this.read();
  }

  async get(id: number): Promise<Webhook> {
    const [webhook] = await this.read(id);
    if (!webhook) throw DomainError.notFound(NOT_FOUND);
    return webhook;
  }

  /** The webhooks as listed; with `id`, that one only. */
  private async read(id?: number): Promise<Webhook[]> {
    const rows = (await this.webhooks.query(
      `SELECT webhook.id, webhook.url, webhook.events, webhook.active, webhook.created_at, webhook.updated_at,
              last.status AS last_status, last.created_at AS last_created_at
         FROM webhooks webhook
         LEFT JOIN LATERAL (
           SELECT status, created_at FROM webhook_deliveries
            WHERE webhook_id = webhook.id ORDER BY created_at DESC, id DESC LIMIT 1
         ) last ON true
        WHERE $1::int IS NULL OR webhook.id = $1
        ORDER BY webhook.id`,
      [id ?? null],
    )) as Array<
      Pick<WebhookEntity, 'id' | 'url' | 'events' | 'active' | 'created_at' | 'updated_at'> & {
        last_status: WebhookDelivery['status'] | null;
        last_created_at: Date | null;
      }
    >;
    return rows.map((row) => ({
      id: row.id,
      // Credentials in the URL are refused now; one stored before is never shown back.
      url: redactUrlCredentials(row.url),
      events: row.events,
      active: row.active,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      last_delivery:
        row.last_status && row.last_created_at
          ? { status: row.last_status, created_at: row.last_created_at.toISOString() }
          : null,
    }));
  }

  /** Registers a webhook with a new secret; answers it with the secret (also readable later: `secret`). */
  async create(fields: WebhookFields): Promise<Webhook & { secret: string }> {
    const secret = newWebhookSecret();
    // Sealed to its row's id (a sealed value copied to another row does not open): the row first, in one transaction.
    const id = await this.webhooks.manager.transaction(async (manager) => {
      const { identifiers } = await manager.insert(WebhookEntity, { ...fields, secret_sealed: '' });
      const created = identifiers[0]['id'] as number;
      await manager.update(
        WebhookEntity,
        { id: created },
        { secret_sealed: this.box.seal(secret, this.context(created)) },
      );
      return created;
    });
    return { ...(await this.get(id)), secret };
  }

  async update(id: number, fields: WebhookFields): Promise<Webhook> {
    const { affected } = await this.webhooks.update({ id }, fields);
    if (!affected) throw DomainError.notFound(NOT_FOUND);
    return this.get(id);
  }

  /** Deletes the webhook and its log; a delivery already queued finds nothing to send. */
  async remove(id: number): Promise<Ok> {
    const { affected } = await this.webhooks.delete({ id });
    if (!affected) throw DomainError.notFound(NOT_FOUND);
    return OK;
  }

  /** The signing secret, for the owner to copy into the receiver. */
  async secret(id: number): Promise<{ secret: string }> {
    return { secret: this.secretOf(await this.found(id)) };
  }

  /** A new secret: deliveries sent from now on are signed with it only. */
  async rotateSecret(id: number): Promise<{ secret: string }> {
    await this.found(id);
    const secret = newWebhookSecret();
    await this.webhooks.update({ id }, { secret_sealed: this.box.seal(secret, this.context(id)) });
    return { secret };
  }

  /** The webhook's log, newest first (bounded: `WEBHOOK_LOG_MAX_PER_WEBHOOK`). */
  async deliveriesOf(webhookId: number): Promise<WebhookDelivery[]> {
    await this.found(webhookId);
    const rows = await this.deliveries.find({
      where: { webhook_id: webhookId },
      order: { created_at: 'DESC', id: 'DESC' },
      take: WEBHOOK_LOG_MAX_PER_WEBHOOK,
    });
    return rows.map(toDelivery);
  }

  /** "Send test event": a `webhook.test` delivery, whichever events the webhook chose, active or not. */
  async sendTest(id: number): Promise<WebhookDelivery> {
    const webhook = await this.found(id);
    const data = {
      message: 'A test event from the back-office',
      webhook_id: webhook.id,
      url: redactUrlCredentials(webhook.url),
    };
    return toDelivery(await this.queue(webhook.id, WEBHOOK_TEST_EVENT, data));
  }

  /** "Send again": the same message (same id and body) queued once more, newly signed when sent. */
  async resend(deliveryId: string): Promise<WebhookDelivery> {
    const delivery = await this.deliveries.findOneBy({ id: deliveryId });
    if (!delivery) throw DomainError.notFound('Delivery');
    await this.deliveries.update({ id: deliveryId }, { status: 'pending', error: null });
    await this.jobs.send(WEBHOOK_DELIVERY_JOB, { deliveryId });
    return toDelivery(await this.deliveries.findOneByOrFail({ id: deliveryId }));
  }

  /** The domain event listener: one delivery per active webhook that chose the event. */
  async enqueue({ event, data }: DomainEvent): Promise<void> {
    const webhooks = (await this.webhooks.query(`SELECT id FROM webhooks WHERE active AND $1 = ANY(events)`, [
      event satisfies WebhookEvent,
    ])) as Array<{ id: number }>;
    for (const webhook of webhooks) await this.queue(webhook.id, event, data);
  }

  /** The job that keeps the log bounded: by age, then by count per webhook. Answers how many went. */
  async pruneLog(): Promise<number> {
    const [{ count }] = (await this.deliveries.query(
      `WITH ranked AS (
         SELECT id, created_at, row_number() OVER (PARTITION BY webhook_id ORDER BY created_at DESC, id DESC) AS n
           FROM webhook_deliveries
       ), written AS (
         DELETE FROM webhook_deliveries WHERE id IN (
           SELECT id FROM ranked WHERE n > $1 OR created_at < now() - make_interval(days => $2)
         ) RETURNING 1
       ) SELECT count(*)::int AS count FROM written`,
      [WEBHOOK_LOG_MAX_PER_WEBHOOK, WEBHOOK_LOG_DAYS],
    )) as Array<{ count: number }>;
    return count;
  }

  private async queue(webhookId: number, event: string, data: unknown): Promise<WebhookDeliveryEntity> {
    const id = randomUUID();
    const payload: WebhookPayload = { id, event, created_at: new Date().toISOString(), data };
    const delivery = await this.deliveries.save(
      this.deliveries.create({ id, webhook_id: webhookId, event, body: JSON.stringify(payload), status: 'pending' }),
    );
    await this.jobs.send(WEBHOOK_DELIVERY_JOB, { deliveryId: id });
    return delivery;
  }

  /**
   * The job: one attempt. A 2xx answer delivers it; any other answer or none is logged and thrown, so
   * that the queue retries later, until `retryLimit` retries have failed. An address refused by the
   * guard (private) is not retried: it will be refused again.
   */
  private async deliver(deliveryId: string, context: JobContext): Promise<void> {
    const delivery = await this.deliveries.findOneBy({ id: deliveryId });
    if (!delivery || delivery.status === 'succeeded') return;
    const webhook = await this.webhooks.findOneBy({ id: delivery.webhook_id });
    if (!webhook) return;
    const timestamp = Math.floor(Date.now() / 1000);
    const started = performance.now();
    let status: number | null = null;
    let error: string | null = null;
    let retry = true;
    try {
      const answer = await guardedPost(webhook.url, delivery.body, {
        allowedHosts: this.config.webhookAllowedHosts,
        timeoutMs: this.settings.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'user-agent': `blog-webhooks (+${this.config.siteUrl})`,
          [WEBHOOK_HEADERS.id]: delivery.id,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: webhookSignature(this.secretOf(webhook), delivery.id, timestamp, delivery.body),
        },
      });
      status = answer.status;
      if (status < 200 || status > 299) {
        // The receiver's answer is shown in the delivery log: whatever it echoes of a secret is redacted.
        const body = redactSecrets(answer.body.trim());
        error = `HTTP ${status}${body ? `: ${body}` : ''}`.slice(0, ERROR_MAX_LENGTH);
      }
    } catch (failure) {
      if (!(failure instanceof GuardedFetchError)) throw failure;
      error = failure.message;
      retry = failure.failure !== 'not-allowed';
    }
    const succeeded = error === null;
    const lastAttempt = !retry || context.retryCount >= this.settings.retryLimit;
    await this.deliveries
      .createQueryBuilder()
      .update()
      .set({
        attempts: () => 'attempts + 1',
        status: succeeded ? 'succeeded' : lastAttempt ? 'failed' : 'pending',
        response_status: status,
        duration_ms: Math.round(performance.now() - started),
        error,
        last_attempt_at: () => 'now()',
      })
      .where('id = :id', { id: deliveryId })
      .execute();
    if (succeeded) return;
    this.log.warn({ webhookId: webhook.id, deliveryId, event: delivery.event, error }, 'Webhook delivery failed');
    if (retry) throw new Error(`Webhook delivery ${deliveryId} failed: ${error}`);
  }

  private async found(id: number): Promise<WebhookEntity> {
    const webhook = await this.webhooks.findOneBy({ id });
    if (!webhook) throw DomainError.notFound(NOT_FOUND);
    return webhook;
  }

  private secretOf(webhook: WebhookEntity): string {
    return this.box.open(webhook.secret_sealed, this.context(webhook.id));
  }

  private context(id: number): string {
    return `webhook ${id}`;
  }
}
