import type { FieldError } from './errors';
import type { Language } from './language';

/*
 * The subscription form as the pages render it: no zod here, so that the pages' entry, which imports
 * these, does not carry zod.
 */

/** The form's text fields; `topics` (category ids, checkboxes) and `website` (the honeypot) beside them. */
export const SUBSCRIBE_FIELDS = ['email', 'name'] as const;
export type SubscribeField = (typeof SUBSCRIBE_FIELDS)[number];

/**
 * The honeypot: a field hidden from people (off screen, out of the tab order, no autofill) that only
 * robots fill in. A form that has it is answered as a success and nothing is done.
 */
export const SUBSCRIBE_HONEYPOT_FIELD = 'website';

/** `?subscribed=1`: the page shows "check your inbox" (a page per visitor: never cached). */
export const SUBSCRIBED_PARAM = 'subscribed';
/** The form's element id: the fragment the browser comes back to after sending. */
export const SUBSCRIBE_FORM_ID = 'subscribe-form';
/** Where the form posts without JavaScript; the answer is a 303 back to the page it was sent from (`from`). */
export const SUBSCRIBE_FORM_ACTION = '/subscribe';

/**
 * The subscription pages' parameters: the signed link's `token`, and the outcome of the confirm button
 * sent without JavaScript (`confirmed`, or `invalid` for a link that expired or was replaced).
 */
export const SUBSCRIPTION_LINK_PARAMS = { token: 'token', confirmed: 'confirmed', invalid: 'invalid' } as const;

/** The confirmation and preference links' lifetime: a week. */
export const SUBSCRIPTION_LINK_DAYS = 7;

/**
 * A subscription form sent without JavaScript and refused, as the server renders the page again: what
 * was typed, the fields' errors and why. `unavailable`: mail is not set up on this site (503).
 */
export interface SubscribeFormState {
  values: Record<SubscribeField, string> & { topics: number[] };
  errors: FieldError[];
  refusal: 'invalid' | 'tooMany' | 'unavailable' | 'failed';
  retryAfterSeconds?: number;
  /** The page the form was first sent from: sent again from `/subscribe`, it still leads back there. */
  from?: string;
}

/** The words the pages and mails say about subscriptions, in one place. */
export const SUBSCRIPTION_LABELS = {
  heading: 'Get new posts by e-mail',
  email: 'E-mail',
  name: 'Name (optional)',
  topics: 'Topics',
  submit: 'Subscribe',
  checkInbox: 'Almost done: check your inbox and click the link we sent to confirm your subscription.',
  unavailable: 'Subscriptions are not available: e-mail is not set up on this site yet.',
  tooMany: 'Too many attempts. Please try again later.',
  failed: 'Something went wrong. Please try again.',
  confirmTitle: 'Subscription confirmed',
  confirmButton: 'Confirm my subscription',
  confirmed: 'Thank you: you will receive new posts by e-mail.',
  invalidLink: 'This link is not valid any more. Please subscribe again to get a new one.',
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeButton: 'Unsubscribe',
  unsubscribed: 'You are unsubscribed and will receive no more e-mail from this site.',
  preferencesTitle: 'Your subscription',
  digest: 'One weekly digest instead of a mail per post',
  save: 'Save',
  saved: 'Your preferences are saved.',
} as const;

type UnsubscribeLabel = 'unsubscribeTitle' | 'unsubscribeButton' | 'unsubscribed';

/**
 * The words of the API's own unsubscribe page (the mails' link, opened in a browser) in each language:
 * the server writes them in the subscriber's language, the public pages' catalogues take them from here.
 */
export const UNSUBSCRIBE_LABELS: Record<Language, Record<UnsubscribeLabel, string>> = {
  en: {
    unsubscribeTitle: SUBSCRIPTION_LABELS.unsubscribeTitle,
    unsubscribeButton: SUBSCRIPTION_LABELS.unsubscribeButton,
    unsubscribed: SUBSCRIPTION_LABELS.unsubscribed,
  },
  vi: {
    unsubscribeTitle: 'Hủy đăng ký',
    unsubscribeButton: 'Hủy đăng ký',
    unsubscribed: 'Bạn đã hủy đăng ký và sẽ không nhận thêm email nào từ trang này.',
  },
};
