import { createVerify, X509Certificate } from 'node:crypto';
import { DomainError } from '@blog/api/core';
import {
  badSignature,
  dateOf,
  emailOf,
  mailEvent,
  type MailEvent,
  type MailEventType,
  malformed,
  objectOf,
  parseJson,
} from '../mail-event';

/** An HTTPS GET answered with its text, injected so that tests serve their own certificate. */
export type HttpGet = (url: URL) => Promise<string>;

/** The only host an SNS certificate or subscription link may come from: `sns.<region>.amazonaws.com`. */
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com$/;

/** Whether an address is one of Amazon SNS's own (https, its host, no port or credentials). */
function isSnsUrl(value: string, pathSuffix = ''): boolean {
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' &&
      SNS_HOST.test(url.hostname) &&
      url.port === '' &&
      !url.username &&
      !url.password &&
      url.pathname.endsWith(pathSuffix)
    );
  } catch {
    return false;
  }
}

/** The fields each SNS message type signs, in the order of the string signed (AWS's documented rule). */
const SIGNED_FIELDS: Record<string, readonly string[]> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
};

/** SNS's `SignatureVersion`: 1 signs with SHA1withRSA, 2 with SHA256withRSA. */
const SIGNATURE_ALGORITHMS: Record<string, string> = { '1': 'RSA-SHA1', '2': 'RSA-SHA256' };

/** The string an SNS message's signature covers: each signed field present, as `name\nvalue\n`. */
export function snsStringToSign(message: Record<string, unknown>): string {
  const fields = SIGNED_FIELDS[String(message['Type'])] ?? [];
  return fields
    .filter((field) => typeof message[field] === 'string')
    .map((field) => `${field}\n${message[field] as string}\n`)
    .join('');
}

/** The SNS signing certificates, fetched from AWS only and kept (they change a few times a year). */
export class SnsCertificates {
  private readonly cache = new Map<string, Promise<string>>();

  constructor(private readonly get: HttpGet) {}

  certificate(url: string): Promise<string> {
    if (!isSnsUrl(url, '.pem')) return Promise.reject(badSignature(`SigningCertURL is not an Amazon SNS address`));
    let pem = this.cache.get(url);
    if (!pem) {
      pem = this.get(new URL(url)).then((text) => {
        // Throws on anything but a certificate.
        new X509Certificate(text);
        return text;
      });
      // A failed fetch is tried again with the next message.
      pem.catch(() => this.cache.delete(url));
      this.cache.set(url, pem);
    }
    return pem;
  }
}

/** Checks an SNS message's signature with the certificate it names; throws a 401 when it does not hold. */
async function verifySnsMessage(message: Record<string, unknown>, certificates: SnsCertificates): Promise<void> {
  const algorithm = SIGNATURE_ALGORITHMS[String(message['SignatureVersion'])];
  if (!algorithm) throw badSignature('SignatureVersion must be 1 or 2');
  if (typeof message['Signature'] !== 'string' || typeof message['SigningCertURL'] !== 'string') {
    throw badSignature('Signature and SigningCertURL are required');
  }
  let pem: string;
  try {
    pem = await certificates.certificate(message['SigningCertURL']);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // 5xx: SNS retries it later, while a 4xx would drop the report for good.
    throw new DomainError('SERVICE_UNAVAILABLE', 'The SNS signing certificate could not be fetched from AWS');
  }
  const valid = createVerify(algorithm)
    .update(snsStringToSign(message), 'utf8')
    .verify(pem, message['Signature'], 'base64');
  if (!valid) throw badSignature('the SNS signature does not match');
}

/** SES's bounce types; `Undetermined` is counted as soft: nothing says the address is gone. */
const BOUNCE_TYPES: Record<string, MailEventType> = {
  Permanent: 'hard_bounce',
  Transient: 'soft_bounce',
  Undetermined: 'soft_bounce',
};

/**
 * An out-of-office answer that a receiving server wrongly sent back as a delivery failure: SES reports
 * it as a transient `General` bounce, told apart only by its diagnostic.
 */
const AUTO_REPLY = /auto[- ]?(reply|respon)|out of (the )?office|vacation/i;

function recipientsOf(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value) || value.length === 0) throw malformed(field, 'must list the recipients');
  return value;
}

/** The events of an SES notification (the SNS `Message`, as SES or its event publishing writes it). */
function sesEvents(notification: unknown): MailEvent[] {
  const ses = objectOf(notification, 'Message');
  const kind = ses['notificationType'] ?? ses['eventType'];
  if (kind === 'Bounce') {
    const bounce = objectOf(ses['bounce'], 'Message.bounce');
    const at = dateOf(bounce['timestamp'], 'Message.bounce.timestamp');
    return recipientsOf(bounce['bouncedRecipients'], 'Message.bounce.bouncedRecipients').map((entry, index) => {
      const field = `Message.bounce.bouncedRecipients.${index}`;
      const recipient = objectOf(entry, field);
      const diagnostic = recipient['diagnosticCode'] ?? bounce['bounceSubType'];
      const type = BOUNCE_TYPES[String(bounce['bounceType'])];
      if (!type) throw malformed('Message.bounce.bounceType', 'must be Permanent, Transient or Undetermined');
      const autoReply = type === 'soft_bounce' && typeof diagnostic === 'string' && AUTO_REPLY.test(diagnostic);
      const email = emailOf(recipient['emailAddress'], `${field}.emailAddress`);
      return mailEvent('ses', autoReply ? 'auto_reply' : type, email, at, diagnostic);
    });
  }
  if (kind === 'Complaint') {
    const complaint = objectOf(ses['complaint'], 'Message.complaint');
    const at = dateOf(complaint['timestamp'], 'Message.complaint.timestamp');
    return recipientsOf(complaint['complainedRecipients'], 'Message.complaint.complainedRecipients').map(
      (entry, index) => {
        const field = `Message.complaint.complainedRecipients.${index}.emailAddress`;
        const email = emailOf(objectOf(entry, field)['emailAddress'], field);
        return mailEvent('ses', 'complaint', email, at, complaint['complaintFeedbackType']);
      },
    );
  }
  if (kind === 'Delivery') {
    const delivery = objectOf(ses['delivery'], 'Message.delivery');
    const at = dateOf(delivery['timestamp'], 'Message.delivery.timestamp');
    const recipients = Array.isArray(delivery['recipients']) ? delivery['recipients'] : [];
    return recipients.map((email, index) =>
      mailEvent('ses', 'delivered', emailOf(email, `Message.delivery.recipients.${index}`), at),
    );
  }
  // Sends, opens, clicks …: nothing to do.
  return [];
}

/**
 * An SNS message from Amazon SES, its signature checked: a subscription to confirm (its link fetched,
 * from AWS only), or a notification's events.
 */
export async function readSnsMessage(
  body: Buffer,
  topicArns: readonly string[],
  certificates: SnsCertificates,
  get: HttpGet,
): Promise<MailEvent[]> {
  const message = objectOf(parseJson(body), '(body)');
  if (!(String(message['Type']) in SIGNED_FIELDS)) {
    throw malformed('Type', 'must be Notification, SubscriptionConfirmation or UnsubscribeConfirmation');
  }
  await verifySnsMessage(message, certificates);
  // AWS signs every topic's messages: only this site's topics speak of its mail (nor are others confirmed).
  if (!topicArns.includes(String(message['TopicArn']))) {
    throw new DomainError('FORBIDDEN', 'Mail event refused: TopicArn is not one of MAIL_EVENTS_SES_TOPIC_ARNS');
  }
  if (message['Type'] === 'SubscriptionConfirmation') {
    const url = message['SubscribeURL'];
    if (typeof url !== 'string' || !isSnsUrl(url)) throw malformed('SubscribeURL', 'must be an Amazon SNS address');
    try {
      await get(new URL(url));
    } catch {
      // SNS sends the confirmation again: nothing is lost.
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        'The SNS subscription could not be confirmed: SubscribeURL did not answer',
      );
    }
    return [];
  }
  if (message['Type'] === 'UnsubscribeConfirmation') return [];
  if (typeof message['Message'] !== 'string') throw malformed('Message', 'must be the SES notification (JSON text)');
  let notification: unknown;
  try {
    notification = JSON.parse(message['Message']);
  } catch {
    throw malformed('Message', 'must be JSON');
  }
  return sesEvents(notification);
}
