import { createPublicKey, verify } from 'node:crypto';
import {
  badSignature,
  emailOf,
  headerOf,
  mailEvent,
  type MailEvent,
  type MailEventRequest,
  type MailEventType,
  malformed,
  objectOf,
  parseJson,
  dateOf,
} from '../mail-event';

export const SENDGRID_SIGNATURE_HEADER = 'X-Twilio-Email-Event-Webhook-Signature';
export const SENDGRID_TIMESTAMP_HEADER = 'X-Twilio-Email-Event-Webhook-Timestamp';

/** SendGrid signs `timestamp + body` with ECDSA (P-256, SHA-256); the key is the base64 DER SendGrid shows. */
export function verifySendgrid(request: MailEventRequest, publicKey: string): void {
  const signature = headerOf(request, SENDGRID_SIGNATURE_HEADER);
  const timestamp = headerOf(request, SENDGRID_TIMESTAMP_HEADER);
  if (!signature || !timestamp)
    throw badSignature(`${SENDGRID_SIGNATURE_HEADER} and ${SENDGRID_TIMESTAMP_HEADER} are required`);
  const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
  const signed = Buffer.concat([Buffer.from(timestamp, 'utf8'), request.body]);
  if (!verify('sha256', signed, key, Buffer.from(signature, 'base64'))) {
    throw badSignature('the SendGrid signature does not match');
  }
}

/** SendGrid's `dropped` says why in `reason`: an address it already knows bounced or complained. */
function droppedType(reason: unknown): MailEventType {
  const text = typeof reason === 'string' ? reason : '';
  if (/spam/i.test(text)) return 'complaint';
  if (/bounce|invalid/i.test(text)) return 'hard_bounce';
  return 'ignored';
}

function typeOf(event: Record<string, unknown>): MailEventType {
  switch (event['event']) {
    // `blocked`: the receiver refused this message (its content, the sender's reputation), not the address.
    case 'bounce':
      return event['type'] === 'blocked' ? 'soft_bounce' : 'hard_bounce';
    case 'deferred':
      return 'soft_bounce';
    case 'dropped':
      return droppedType(event['reason']);
    case 'spamreport':
      return 'complaint';
    case 'delivered':
      return 'delivered';
    default:
      return 'ignored';
  }
}

/** SendGrid's Event Webhook: an array of events. */
export function sendgridEvents(body: Buffer): MailEvent[] {
  const events = parseJson(body);
  if (!Array.isArray(events)) throw malformed('(body)', 'must be an array of events');
  return events.map((entry, index) => {
    const event = objectOf(entry, `${index}`);
    const email = emailOf(event['email'], `${index}.email`);
    const at = dateOf(event['timestamp'], `${index}.timestamp`);
    return mailEvent('sendgrid', typeOf(event), email, at, event['reason'] ?? event['response']);
  });
}
