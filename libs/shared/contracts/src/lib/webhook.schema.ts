import { z } from 'zod';
import { idSchema } from './params.schema';
import { textInput } from './text.schema';

/**
 * What a webhook can be told about. `post.published`: a post became public (saved so, its
 * scheduled time came, or restored from the trash); `post.updated`: a public post was saved and stays
 * public (`data.previous_slug`: the slug it replaced, or null); `post.unpublished`: a public post was
 * hidden, made a draft or rescheduled; `post.deleted`: a post went to the trash, or was deleted for good
 * from it (`data.permanent`). The `project.*` events say the same of a portfolio project (deleted: for good).
 * `subscriber.confirmed`: a reader confirmed a subscription (or an import stated their consent);
 * `subscriber.unsubscribed`: a subscriber left, or their address was suppressed (`data.reason`).
 * `comment.created`: a reader's comment was stored (held or shown; never one taken for spam);
 * `comment.approved`: a comment is shown on its post (approved by the owner, trusted, or the owner's reply).
 */
export const WEBHOOK_EVENTS = [
  'post.published',
  'post.updated',
  'post.unpublished',
  'post.deleted',
  'category.created',
  'category.updated',
  'category.deleted',
  'service.created',
  'service.updated',
  'service.deleted',
  'testimonial.created',
  'testimonial.updated',
  'testimonial.deleted',
  'contact.received',
  'project.published',
  'project.updated',
  'project.unpublished',
  'project.deleted',
  'subscriber.confirmed',
  'subscriber.unsubscribed',
  'comment.created',
  'comment.approved',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event a "Send test event" delivers: never emitted by the site itself. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The longest webhook URL (the `webhooks` column). */
export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** A receiver refuses a delivery whose `Webhook-Timestamp` is further than this from its own clock (a replay). */
export const WEBHOOK_REPLAY_WINDOW_SECONDS = 5 * 60;
/** The delivery log keeps, per webhook, at most this many deliveries, none older than `WEBHOOK_LOG_DAYS`. */
export const WEBHOOK_LOG_MAX_PER_WEBHOOK = 200;
export const WEBHOOK_LOG_DAYS = 30;
/** The headers of a delivery (Standard Webhooks' names). */
export const WEBHOOK_HEADERS = {
  id: 'Webhook-Id',
  timestamp: 'Webhook-Timestamp',
  signature: 'Webhook-Signature',
} as const;

export const webhookUrlSchema = textInput({ error: 'must be text' })
  .trim()
  .min(1, { error: 'is required' })
  .max(WEBHOOK_URL_MAX_LENGTH, { error: `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters` })
  .pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      // A receiver checks the signature: a password in the URL would only be one more secret to leak.
      .refine(
        (url) => {
          // Zod runs this check after a failed `url()` too: a URL that does not parse is refused by that one.
          try {
            const { username, password } = new URL(url);
            return !username && !password;
          } catch {
            return true;
          }
        },
        { error: 'must not contain a user name or password; the signature authenticates' },
      ),
  );

export const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(', ')}` }), {
    error: 'must be a list of events',
  })
  .min(1, { error: 'must name at least one event' })
  .max(WEBHOOK_EVENTS.length)
  // Stored once each, in the list's order.
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

/** tRPC `webhooks.create`. */
export const webhookInputSchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
  active: z.boolean({ error: 'must be true or false' }).default(true),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;
/** tRPC `webhooks.update`. */
export const webhookUpdateInputSchema = webhookInputSchema.extend({ id: idSchema });

/** A webhook as the admin lists it (its secret apart: `webhooks.secret`). */
export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The last delivery's state, for the list. */
  last_delivery: z.object({ status: z.enum(['pending', 'succeeded', 'failed']), created_at: z.string() }).nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One event sent to one webhook, with its attempts so far. */
export const webhookDeliverySchema = z.object({
  /** Also the `Webhook-Id` header and the body's `id`: the same on every attempt. */
  id: z.string(),
  webhook_id: z.number().int(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's last HTTP status (null: no answer). */
  response_status: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesInputSchema = z.object({ webhook_id: idSchema });
export const webhookDeliveryInputSchema = z.object({
  id: textInput({ error: 'must be a delivery id' }).pipe(z.uuid({ error: 'must be a delivery id' })),
});

/** The body of every delivery. */
export interface WebhookPayload {
  id: string;
  event: string;
  created_at: string;
  data: unknown;
}
