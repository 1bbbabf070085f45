import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type {
  AdminComment,
  AdminPost,
  Category,
  ContactMessageRow,
  Project,
  Service,
  Subscriber,
  SuppressionReason,
  Testimonial,
  WebhookEvent,
} from '@blog/contracts';
import { ROOT_LOGGER } from './logging';

/** What each event carries: the record as the REST API answers it. */
export interface DomainEventData {
  'post.published': AdminPost;
  /** `previous_slug`: the slug this save replaced (its old address now redirects), null when it kept it. */
  'post.updated': AdminPost & { previous_slug: string | null };
  'post.unpublished': AdminPost;
  /** `permanent`: deleted for good from the trash (else moved to the trash). */
  'post.deleted': AdminPost & { permanent: boolean };
  'category.created': Category;
  'category.updated': Category;
  'category.deleted': Category;
  'service.created': Service;
  'service.updated': Service;
  'service.deleted': Service;
  'testimonial.created': Testimonial;
  'testimonial.updated': Testimonial;
  'testimonial.deleted': Testimonial;
  'contact.received': ContactMessageRow;
  'project.published': Project;
  /** `previous_slug`: as `post.updated`'s. */
  'project.updated': Project & { previous_slug: string | null };
  'project.unpublished': Project;
  'project.deleted': Project;
  'subscriber.confirmed': Subscriber;
  /** The subscriber's id and address (the row is gone), and why it left (`unsubscribed`) or was suppressed. */
  'subscriber.unsubscribed': { id: number; email: string; reason: SuppressionReason };
  'comment.created': AdminComment;
  'comment.approved': AdminComment;
}

export type DomainEvent = { [Event in WebhookEvent]: { event: Event; data: DomainEventData[Event] } }[WebhookEvent];
export type DomainEventListener = (event: DomainEvent) => Promise<void>;

/**
 * The domains' announcements of what happened to their content (a post published, a message received),
 * for the outgoing notifications (webhooks, IndexNow), which no domain imports. Emitted by the domains'
 * services after their write, so that both doors (REST and tRPC) announce alike. A listener's failure
 * is logged, never thrown at the save that emitted. `muted` runs bulk work (an import, an archive
 * restore) without an event per record.
 */
@Injectable()
export class DomainEvents {
  private readonly listeners: DomainEventListener[] = [];
  private readonly mute = new AsyncLocalStorage<true>();
  private readonly log: Logger;

  constructor(@Inject(ROOT_LOGGER) logger: Logger) {
    this.log = logger.child({ context: 'DomainEvents' });
  }

  subscribe(listener: DomainEventListener): void {
    this.listeners.push(listener);
  }

  async emit<Event extends WebhookEvent>(event: Event, data: DomainEventData[Event]): Promise<void> {
    if (this.mute.getStore()) return;
    for (const listener of this.listeners) {
      try {
        await listener({ event, data } as DomainEvent);
      } catch (error) {
        this.log.error({ err: error, event }, 'A listener of a domain event failed');
      }
    }
  }

  /** `work` without events (bulk writes that announce themselves, or nothing, once done). */
  muted<T>(work: () => Promise<T>): Promise<T> {
    return this.mute.run(true, work);
  }
}
