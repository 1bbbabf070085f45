import { z } from 'zod';
import { toFieldErrors } from '@blog/contracts';
import { DomainError } from '@blog/api/core';
import {
  badSignature,
  headerOf,
  mailEvent,
  MAIL_EVENT_TYPES,
  type MailEvent,
  type MailEventRequest,
  parseJson,
} from '../mail-event';
import { hmacSha256Hex, sameSecret } from '../signatures';

export const GENERIC_SIGNATURE_HEADER = 'X-Signature';

/** The generic door's body: a bridge from any provider (a script reading a bounce mailbox …) posts this. */
export const genericMailEventsSchema = z.object({
  events: z
    .array(
      z.object({
        type: z.enum(MAIL_EVENT_TYPES).exclude(['ignored'], {
          error: 'must be hard_bounce, soft_bounce, complaint, delivered or auto_reply',
        }),
        email: z.email({ error: 'must be an e-mail address' }),
        at: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' }).optional(),
        detail: z.string().max(500).optional(),
      }),
    )
    .min(1)
    .max(1000),
});

/** `X-Signature: sha256=<hex>`, the HMAC-SHA256 of the exact body with `MAIL_EVENTS_SECRET`. */
export function verifyGeneric(request: MailEventRequest, secret: string): void {
  const header = headerOf(request, GENERIC_SIGNATURE_HEADER) ?? '';
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) throw badSignature(`${GENERIC_SIGNATURE_HEADER}: sha256=<hex> is required`);
  if (!sameSecret(match[1].toLowerCase(), hmacSha256Hex(secret, request.body))) {
    throw badSignature('the signature does not match');
  }
}

export function genericEvents(body: Buffer, now: Date): MailEvent[] {
  const checked = genericMailEventsSchema.safeParse(parseJson(body));
  if (!checked.success) throw DomainError.invalid(toFieldErrors(checked.error.issues));
  return checked.data.events.map((event) =>
    mailEvent('generic', event.type, event.email, event.at ? new Date(event.at) : now, event.detail),
  );
}
