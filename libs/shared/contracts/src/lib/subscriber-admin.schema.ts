import { z } from 'zod';
import { LANGUAGES } from './language';
import { booleanField, idSchema, pageSchema } from './params.schema';
import { statsRangeSchema } from './stats.schema';
import { SUBSCRIBER_LIMITS } from './subscription.schema';
import { textInput } from './text.schema';

/**
 * The owner's side of the subscriptions: the Subscribers screen, its REST door `/api/subscribers…` and
 * tRPC `subscribers.*` (token scopes `subscribers:read` / `subscribers:write`).
 *
 * A subscriber is `pending` (mailed nothing but the confirmation link) or `confirmed`. An address that left
 * or was suppressed by a bounce or a complaint is no longer a subscriber: only a suppression stays (a keyed
 * hash of the address, its reason and a masked hint such as `l•••@gmail.com`), listed under the states
 * `unsubscribed` (it left) and `suppressed` (any other reason), and undoable by the owner.
 */
export const SUBSCRIBER_STATES = ['pending', 'confirmed'] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];
export const SUBSCRIBER_LIST_STATES = [...SUBSCRIBER_STATES, 'unsubscribed', 'suppressed'] as const;
export type SubscriberListState = (typeof SUBSCRIBER_LIST_STATES)[number];

export const SUPPRESSION_REASONS = ['unsubscribed', 'hard_bounce', 'complaint', 'soft_bounce', 'manual'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** How a subscriber's consent was given: the form (double opt-in), an import, or the owner. */
export const CONSENT_SOURCES = ['form', 'import', 'admin'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** Rows on one page of the Subscribers screen and of `GET /api/subscribers`. */
export const SUBSCRIBERS_PAGE_SIZE = 50;

/** `GET /api/subscribers?q=&state=&topic=&page=`, tRPC `subscribers.list`; every filter optional. */
export const subscribersQuerySchema = z.object({
  /** Part of the address or the name, case- and accent-insensitive. */
  q: textInput({ error: 'q must be text' }).trim().max(SUBSCRIBER_LIMITS.email).optional(),
  state: z
    .enum(SUBSCRIBER_LIST_STATES, { error: `state must be one of ${SUBSCRIBER_LIST_STATES.join(', ')}` })
    .optional(),
  /** A category id: its subscribers (not for the suppression states, which have no topics). */
  topic: idSchema.optional(),
  page: pageSchema.default(1),
});
export type SubscribersQuery = z.output<typeof subscribersQuerySchema>;

export const subscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  state: z.enum(SUBSCRIBER_STATES),
  /** Wants the weekly digest instead of one mail per post. */
  digest: z.boolean(),
  /** Category ids. */
  topics: z.array(z.number().int()),
  consent_source: z.enum(CONSENT_SOURCES),
  consent_at: z.string(),
  /** An import's statement of how these addresses opted in; '' otherwise. */
  consent_note: z.string(),
  confirmed_at: z.string().nullable(),
  soft_bounces: z.number().int(),
  /** The language of their mails' words and links: the page's they subscribed on, or their choice since. */
  language: z.enum(LANGUAGES),
  created_at: z.string(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const suppressionSchema = z.object({
  /** The keyed hash of the address: the suppression's id (undo: `DELETE /api/subscribers/suppressions/{id}`). */
  id: z.string(),
  /** The address masked (`l•••@gmail.com`): enough to recognise it, not to mail it. */
  email_hint: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  /** The provider's diagnostic for a bounce or a complaint; '' otherwise. */
  detail: z.string(),
  created_at: z.string(),
});
export type Suppression = z.infer<typeof suppressionSchema>;

/** One page of the list: subscribers for `pending`/`confirmed`/no state, suppressions for the two others. */
export const subscriberListSchema = z.object({
  subscribers: z.array(subscriberSchema),
  suppressions: z.array(suppressionSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type SubscriberList = z.infer<typeof subscriberListSchema>;

/** `GET /api/subscribers/counts`: each state, and the confirmed subscribers of each subscribable category. */
export const subscriberCountsSchema = z.object({
  states: z.object({
    pending: z.number().int(),
    confirmed: z.number().int(),
    unsubscribed: z.number().int(),
    suppressed: z.number().int(),
  }),
  topics: z.array(z.object({ id: z.number().int(), name: z.string(), confirmed: z.number().int() })),
});
export type SubscriberCounts = z.infer<typeof subscriberCountsSchema>;

/** The largest CSV an import takes (a Mailchimp export of some 20 000 members). */
export const SUBSCRIBER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const SUBSCRIBER_CONSENT_NOTE_MAX = 1000;

/**
 * The owner's choices for an import (`POST /api/subscribers/import?…` with the CSV as its body; tRPC
 * `subscribers.import` with `csv`). Imported addresses are pending and mailed nothing but a confirmation
 * link (`send_confirmation`), unless the owner states that they already opted in (`already_opted_in` with
 * `consent_note`, recorded on each): then they are confirmed. Suppressed addresses are never added.
 */
export const subscriberImportOptionsSchema = z
  .object({
    already_opted_in: booleanField('already_opted_in').default(false),
    consent_note: textInput({ error: 'consent_note must be text' })
      .trim()
      .max(SUBSCRIBER_CONSENT_NOTE_MAX, {
        error: `consent_note must be at most ${SUBSCRIBER_CONSENT_NOTE_MAX} characters`,
      })
      .default(''),
    /**
     * Category ids for the imported addresses; none: every subscribable category. A query names one
     * (`topics=3`) or repeats it (`topics=3&topics=5`).
     */
    topics: z
      .union([z.array(idSchema).max(SUBSCRIBER_LIMITS.topics), idSchema.transform((id) => [id])], {
        error: 'topics must be a list of category ids',
      })
      .default([])
      .transform((topics) => [...new Set(topics)]),
    send_confirmation: booleanField('send_confirmation').default(true),
  })
  .refine((options) => !options.already_opted_in || options.consent_note.length > 0, {
    path: ['consent_note'],
    error: 'Say how these addresses opted in (for example "Mailchimp list, double opt-in, 2019-2026")',
  });
export type SubscriberImportOptions = z.output<typeof subscriberImportOptionsSchema>;

/** The file: the REST door's `text/csv` body, tRPC's `csv`. */
export const subscriberImportCsvSchema = textInput({ error: 'csv must be text' })
  .min(1, { error: 'csv is empty' })
  .max(SUBSCRIBER_IMPORT_MAX_BYTES, { error: 'csv is too large' });

export const subscriberImportInputSchema = z.intersection(
  z.object({ csv: subscriberImportCsvSchema }),
  subscriberImportOptionsSchema,
);
export type SubscriberImportInput = z.input<typeof subscriberImportInputSchema>;

/** An import's answer names at most this many unreadable lines (a wrong file would list them all). */
export const SUBSCRIBER_IMPORT_INVALID_SHOWN = 100;

/** The CSV exports an import recognises by their header row (a plain `email[,name]` file too). */
export const SUBSCRIBER_IMPORT_FORMATS = ['mailchimp', 'substack', 'ghost', 'plain'] as const;

export const subscriberImportResultSchema = z.object({
  format: z.enum(SUBSCRIBER_IMPORT_FORMATS),
  added: z.number().int(),
  /** Already a subscriber: left as they are. */
  existing: z.number().int(),
  /** Left out: unsubscribed or suppressed here, or unsubscribed/cleaned in the exporting service. */
  suppressed: z.number().int(),
  /** The first `SUBSCRIBER_IMPORT_INVALID_SHOWN` lines that could not be read, with their number (1 = the header) and why. */
  invalid: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  /** How many lines could not be read in all. */
  invalid_total: z.number().int(),
  /** Confirmation links sent (queued) to the added pending addresses. */
  confirmations_sent: z.number().int(),
});
export type SubscriberImportResult = z.infer<typeof subscriberImportResultSchema>;

/** The owner removes a subscriber (never mailed again unless they subscribe again), or suppresses the address. */
export const subscriberRemoveInputSchema = z.object({
  id: idSchema,
  suppress: booleanField('suppress').default(false),
});

export const suppressionIdSchema = textInput({ error: 'id is required' })
  .trim()
  .regex(/^[0-9a-f]{64}$/, { error: 'id must be a suppression id (64 hexadecimal characters)' });
export const suppressionIdInputSchema = z.object({ id: suppressionIdSchema });

/** `GET /api/subscribers/growth?from=&to=`: per day (site time zone) confirmations, departures and the total. */
export const subscriberGrowthInputSchema = statsRangeSchema;
export const subscriberGrowthSchema = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      /** Confirmed subscribers at the end of the day. */
      confirmed: z.number().int(),
      joined: z.number().int(),
      left: z.number().int(),
    }),
  ),
});
export type SubscriberGrowth = z.infer<typeof subscriberGrowthSchema>;
