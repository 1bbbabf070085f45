import type { FieldError } from './errors';

/*
 * The contact form as the pages render it: no zod here, so that the pages' entry, which imports
 * these, does not carry zod (the form loads its validation when first used).
 */

/** The form's fields, in the order the page shows them. */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/**
 * The pages with the contact form. Sent as an HTML form (before or without JavaScript) it posts to
 * the page's own path, which answers 303 back to it with `CONTACT_SENT_PARAM`, or the page again
 * with what was refused.
 */
export const CONTACT_FORM_PATHS: readonly string[] = ['/', '/contact'];
/** `?sent=1`: the page shows the success banner (a page per visitor: never cached). */
export const CONTACT_SENT_PARAM = 'sent';
/** The form's element id: the fragment the browser comes back to after sending. */
export const CONTACT_FORM_ID = 'contact-form';

/**
 * A contact form sent without JavaScript and refused, as the server renders the page again: what was
 * typed (never in the address), the fields' errors and why it was not sent.
 */
export interface ContactFormState {
  values: Record<ContactField, string>;
  errors: FieldError[];
  /** `invalid`: its fields (400); `tooMany`: the rate limits (429); `failed`: the server could not store it. */
  refusal: 'invalid' | 'tooMany' | 'failed';
  /** With `tooMany`: when to try again. */
  retryAfterSeconds?: number;
}
