import {
  badSignature,
  dateOf,
  emailOf,
  mailEvent,
  type MailEvent,
  type MailEventType,
  objectOf,
  parseJson,
} from '../mail-event';
import { hmacSha256Hex, sameSecret } from '../signatures';

/** How old a signed report may be; Mailgun's own advice against replays. */
export const MAILGUN_MAX_AGE_SECONDS = 5 * 60;

/** The tokens already seen, kept as long as their report could be accepted (in memory, per instance). */
export class MailgunReplayGuard {
  private readonly seen = new Map<string, number>();

  /** False when the token was seen within the accepted age. */
  firstUse(token: string, nowMs: number): boolean {
    for (const [known, expires] of this.seen) if (expires <= nowMs) this.seen.delete(known);
    if (this.seen.has(token)) return false;
    this.seen.set(token, nowMs + MAILGUN_MAX_AGE_SECONDS * 1000 * 2);
    return true;
  }
}

/**
 * A Mailgun webhook's events, its signature checked: HMAC-SHA256 of `timestamp + token` with the
 * webhook signing key, recent, and its token never seen before.
 */
export function mailgunEvents(body: Buffer, signingKey: string, replays: MailgunReplayGuard, now: Date): MailEvent[] {
  const report = objectOf(parseJson(body), '(body)');
  const signature = objectOf(report['signature'], 'signature');
  const { timestamp, token, signature: given } = signature;
  if (typeof timestamp !== 'string' || typeof token !== 'string' || typeof given !== 'string') {
    throw badSignature('signature.timestamp, signature.token and signature.signature are required');
  }
  if (!sameSecret(given, hmacSha256Hex(signingKey, timestamp + token))) {
    throw badSignature('the Mailgun signature does not match');
  }
  if (!/^\d+$/.test(timestamp) || Math.abs(now.getTime() / 1000 - Number(timestamp)) > MAILGUN_MAX_AGE_SECONDS) {
    throw badSignature('the signature is too old');
  }
  if (!replays.firstUse(token, now.getTime())) throw badSignature('the signature was already used');
  const event = objectOf(report['event-data'], 'event-data');
  const email = emailOf(event['recipient'], 'event-data.recipient');
  const at = dateOf(event['timestamp'], 'event-data.timestamp');
  const status =
    typeof event['delivery-status'] === 'object' ? (event['delivery-status'] as Record<string, unknown>) : {};
  const detail = status['description'] || status['message'] || event['reason'];
  return [mailEvent('mailgun', typeOf(event), email, at, detail)];
}

function typeOf(event: Record<string, unknown>): MailEventType {
  if (event['event'] === 'failed') return event['severity'] === 'permanent' ? 'hard_bounce' : 'soft_bounce';
  if (event['event'] === 'complained') return 'complaint';
  if (event['event'] === 'delivered') return 'delivered';
  return 'ignored';
}
