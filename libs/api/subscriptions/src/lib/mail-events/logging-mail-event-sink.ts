import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { ROOT_LOGGER } from '@blog/api/core';
import type { MailEvent, MailEventSink } from './mail-event';

/** The sink until the subscribers' suppressions take the events: counts by provider and type, never an address. */
@Injectable()
export class LoggingMailEventSink implements MailEventSink {
  constructor(@Inject(ROOT_LOGGER) private readonly logger: Logger) {}

  async handle(events: MailEvent[]): Promise<void> {
    const counts: Record<string, number> = {};
    for (const event of events)
      counts[`${event.provider}.${event.type}`] = (counts[`${event.provider}.${event.type}`] ?? 0) + 1;
    this.logger.info({ mailEvents: counts }, 'mail events received');
  }
}
