import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_REPLAY_WINDOW_SECONDS } from '@blog/contracts';

/** A new signing secret: `whsec_` and 32 random bytes; the HMAC key is the whole string, as shown. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** `Webhook-Signature`: `v1=` and the hex HMAC-SHA256, under the secret, of `<id>.<timestamp>.<body>`. */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('hex')}`;
}

/**
 * What a receiver does (docs/api/webhooks.md shows it): the signature matches the body as received, and the
 * timestamp is within `WEBHOOK_REPLAY_WINDOW_SECONDS` of now, so that a captured delivery cannot be
 * replayed later. `signature` may hold several space-separated values (one per secret, on a rotation).
 */
export function verifyWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  now = Date.now(),
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > WEBHOOK_REPLAY_WINDOW_SECONDS) return false;
  const expected = Buffer.from(webhookSignature(secret, headers.id, timestamp, body));
  return headers.signature.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
