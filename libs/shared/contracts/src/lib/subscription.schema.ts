import { z } from 'zod';
import { idSchema } from './params.schema';
import { SUBSCRIBE_HONEYPOT_FIELD } from './subscription-form';
import { textInput } from './text.schema';
import { languageSchema } from './translation.schema';

export const SUBSCRIBER_LIMITS = { email: 254, name: 200, topics: 100, token: 500 } as const;

/**
 * A reader's subscription: an e-mail, optionally a name, and the topics (subscribable category ids;
 * none given: all of them). `website` is the honeypot (`SUBSCRIBE_HONEYPOT_FIELD`): people leave it empty.
 * `language` is the language of the page it was sent from (absent: the site's default): the subscriber's
 * mails and the pages their links open are in it.
 */
export const subscribeInputSchema = z.object({
  email: textInput({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required' })
    .max(SUBSCRIBER_LIMITS.email, { error: `Email must be at most ${SUBSCRIBER_LIMITS.email} characters` })
    .pipe(z.email({ error: 'Email must be a valid e-mail address' })),
  name: textInput({ error: 'Name must be text' })
    .trim()
    .max(SUBSCRIBER_LIMITS.name, { error: `Name must be at most ${SUBSCRIBER_LIMITS.name} characters` })
    .nullish()
    .transform((name) => name ?? ''),
  topics: z
    .array(idSchema, { error: 'Topics must be a list of category ids' })
    .max(SUBSCRIBER_LIMITS.topics, { error: `At most ${SUBSCRIBER_LIMITS.topics} topics` })
    .nullish()
    .transform((topics) => [...new Set(topics ?? [])]),
  [SUBSCRIBE_HONEYPOT_FIELD]: textInput().max(1000).nullish(),
  language: languageSchema.optional(),
});
export type SubscribeInput = z.input<typeof subscribeInputSchema>;
export type Subscribe = z.output<typeof subscribeInputSchema>;

/** A signed link's token (confirmation, preferences, unsubscribe). */
export const subscriptionTokenSchema = textInput({ error: 'token is required' })
  .min(1, { error: 'token is required' })
  .max(SUBSCRIBER_LIMITS.token, { error: `token must be at most ${SUBSCRIBER_LIMITS.token} characters` });
export const subscriptionTokenInputSchema = z.object({ token: subscriptionTokenSchema });

/** A subscriber's choices on the preferences page: topics (empty: all), the weekly digest and, optionally, the mails' language. */
export const subscriptionPreferencesInputSchema = z.object({
  token: subscriptionTokenSchema,
  topics: z
    .array(idSchema, { error: 'Topics must be a list of category ids' })
    .max(SUBSCRIBER_LIMITS.topics)
    .transform((topics) => [...new Set(topics)]),
  digest: z.boolean({ error: 'digest must be true or false' }),
  language: languageSchema.optional(),
});
export type SubscriptionPreferencesInput = z.input<typeof subscriptionPreferencesInputSchema>;

/** What a preferences link shows: the address, its topics, the subscribable categories and the mails' language. */
export const subscriptionPreferencesSchema = z.object({
  email: z.string(),
  name: z.string(),
  digest: z.boolean(),
  language: languageSchema,
  topics: z.array(z.number().int()),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type SubscriptionPreferences = z.infer<typeof subscriptionPreferencesSchema>;
