import { DomainError } from '@blog/api/core';

/** The providers whose reports `POST /api/mail-events/{provider}` reads. */
export const MAIL_EVENT_PROVIDERS = ['ses', 'postmark', 'sendgrid', 'mailgun', 'generic'] as const;
export type MailEventProvider = (typeof MAIL_EVENT_PROVIDERS)[number];

/**
 * What a report says of one recipient. `auto_reply` (an out-of-office answer) is never a bounce;
 * `ignored` is a report that changes nothing (an open, an unsubscribe the provider handled itself …).
 */
export const MAIL_EVENT_TYPES = [
  'hard_bounce',
  'soft_bounce',
  'complaint',
  'delivered',
  'auto_reply',
  'ignored',
] as const;
export type MailEventType = (typeof MAIL_EVENT_TYPES)[number];

/** One recipient's event, the same whichever provider reported it. */
export interface MailEvent {
  provider: MailEventProvider;
  type: MailEventType;
  email: string;
  at: Date;
  /** The provider's own words (a diagnostic code, a reason), shortened: shown beside a suppression. */
  detail: string;
}

/** Where the reports' events go once verified (the subscribers' suppressions). */
export interface MailEventSink {
  handle(events: MailEvent[]): Promise<void>;
}

/** Injection token of the `MailEventSink`. */
export const MAIL_EVENT_SINK = Symbol('MAIL_EVENT_SINK');

/** A report as it arrived: the body's exact bytes (signatures cover them) and the headers. */
export interface MailEventRequest {
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** The longest `detail` kept: a diagnostic line, not a whole bounce message. */
const DETAIL_MAX = 500;

export function mailEvent(
  provider: MailEventProvider,
  type: MailEventType,
  email: string,
  at: Date,
  detail: unknown = '',
): MailEvent {
  const text = typeof detail === 'string' ? detail.trim() : '';
  return { provider, type, email: email.trim(), at, detail: text.slice(0, DETAIL_MAX) };
}

/** A missing or wrong signature: 401, and the report is dropped unread. */
export function badSignature(reason: string): DomainError {
  return new DomainError('UNAUTHORIZED', `Mail event refused: ${reason}`);
}

/** A report that cannot be read: 400 naming the field. */
export function malformed(field: string, message: string): DomainError {
  return DomainError.invalid([{ field, message }]);
}

/** The body as JSON, or a 400. */
export function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw malformed('(body)', 'must be JSON');
  }
}

/** A header's single value. */
export function headerOf(request: MailEventRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** A date from a provider's field (ISO text, or seconds since 1970), or a 400. */
export function dateOf(value: unknown, field: string): Date {
  const date =
    typeof value === 'number' ? new Date(value * 1000) : typeof value === 'string' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) throw malformed(field, 'must be a date');
  return date;
}

/** An address from a provider's field, or a 400. */
export function emailOf(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(value.trim())) {
    throw malformed(field, 'must be an e-mail address');
  }
  return value;
}

/** An object, or a 400. */
export function objectOf(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw malformed(field, 'must be an object');
  return value as Record<string, unknown>;
}
