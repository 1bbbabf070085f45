import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { ROOT_LOGGER } from '@blog/api/core';
import { SubscriptionsService } from '../subscribing/subscriptions.service';
import type { MailEvent, MailEventSink } from './mail-event';
import { nextBounceState } from './soft-bounce';

/** What the providers report that may stop mail to an address; the rest (delivered, auto-replies) changes nothing. */
const BOUNCES = new Set<MailEvent['type']>(['hard_bounce', 'soft_bounce', 'complaint']);

/**
 * The providers' reports acted on: a hard bounce or a complaint suppresses the address at once; soft
 * bounces are counted on the subscriber and suppress only when `nextBounceState` says so (several,
 * over days). Logged as counts by provider and type, never an address.
 */
@Injectable()
export class SuppressingMailEventSink implements MailEventSink {
  constructor(
    private readonly dataSource: DataSource,
    private readonly subscriptions: SubscriptionsService,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  async handle(events: MailEvent[]): Promise<void> {
    const counts: Record<string, number> = {};
    for (const event of events) {
      const key = `${event.provider}.${event.type}`;
      counts[key] = (counts[key] ?? 0) + 1;
      if (BOUNCES.has(event.type)) await this.apply(event);
    }
    this.logger.info({ mailEvents: counts }, 'mail events received');
  }

  private async apply(event: MailEvent): Promise<void> {
    const [subscriber] = await this.dataSource.query<
      Array<{ id: number; soft_bounces: number; first_soft_bounce_at: Date | null }>
    >(`SELECT id, soft_bounces, first_soft_bounce_at FROM subscribers WHERE lower(email) = lower($1)`, [event.email]);
    const next = nextBounceState(
      { softBounces: subscriber?.soft_bounces ?? 0, firstSoftBounceAt: subscriber?.first_soft_bounce_at ?? null },
      event,
      new Date(),
    );
    if (next.suppress) {
      await this.subscriptions.suppress(event.email, next.suppress, `${event.provider}: ${event.detail}`);
    } else if (subscriber) {
      await this.dataSource.query(
        `UPDATE subscribers SET soft_bounces = $2, first_soft_bounce_at = $3, updated_at = now() WHERE id = $1`,
        [subscriber.id, next.softBounces, next.firstSoftBounceAt],
      );
    }
  }
}
