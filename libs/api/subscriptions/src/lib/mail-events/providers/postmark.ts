import {
  badSignature,
  dateOf,
  emailOf,
  headerOf,
  mailEvent,
  type MailEvent,
  type MailEventRequest,
  type MailEventType,
  objectOf,
  parseJson,
} from '../mail-event';
import { sameSecret } from '../signatures';

/** Postmark's bounce `Type`s that matter; the others (an unsubscribe request, a challenge …) change nothing. */
const TYPES: Record<string, MailEventType> = {
  HardBounce: 'hard_bounce',
  BadEmailAddress: 'hard_bounce',
  SoftBounce: 'soft_bounce',
  Transient: 'soft_bounce',
  DnsError: 'soft_bounce',
  Blocked: 'soft_bounce',
  SpamComplaint: 'complaint',
  // A spam filter's verdict on one message, not the reader's complaint.
  SpamNotification: 'soft_bounce',
  AutoResponder: 'auto_reply',
};

/** Postmark authenticates its webhooks with the basic-auth credentials written into the webhook's address. */
export function verifyPostmark(request: MailEventRequest, credentials: { user: string; password: string }): void {
  const header = headerOf(request, 'authorization') ?? '';
  const match = /^Basic\s+(\S+)$/i.exec(header);
  if (!match) throw badSignature('basic authentication is required');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // Both compared, whatever the first gives: the time tells nothing.
  const userOk = sameSecret(decoded.slice(0, colon), credentials.user);
  const passwordOk = sameSecret(decoded.slice(colon + 1), credentials.password);
  if (colon < 0 || !userOk || !passwordOk) throw badSignature('wrong user name or password');
}

/** A Postmark bounce, spam complaint or delivery webhook. */
export function postmarkEvents(body: Buffer): MailEvent[] {
  const record = objectOf(parseJson(body), '(body)');
  if (record['RecordType'] === 'Delivery') {
    const email = emailOf(record['Recipient'], 'Recipient');
    return [mailEvent('postmark', 'delivered', email, dateOf(record['DeliveredAt'], 'DeliveredAt'))];
  }
  if (record['RecordType'] !== 'Bounce' && record['RecordType'] !== 'SpamComplaint') return [];
  const email = emailOf(record['Email'], 'Email');
  const at = dateOf(record['BouncedAt'], 'BouncedAt');
  const type = TYPES[String(record['Type'])] ?? 'ignored';
  return [mailEvent('postmark', type, email, at, record['Description'] ?? record['Type'])];
}
