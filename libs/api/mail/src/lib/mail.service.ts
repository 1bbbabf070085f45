import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '@blog/api/core';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside `text` (a mail client shows the HTML, a plain-text reader the text). */
  html?: string;
  /** More header lines (`List-Unsubscribe`, `List-Unsubscribe-Post`): one line each, never from a visitor's text. */
  headers?: Record<string, string>;
  /** The sender's name mail clients show (the site's name), when `MAIL_FROM` gives none of its own. */
  fromName?: string;
  /** The sender's address instead of `MAIL_FROM` (General information's sender of the subscription mails). */
  fromAddress?: string;
}

/** Where mail goes: SMTP in production, the log without `SMTP_URL`, a mailbox in tests. */
export interface MailTransport {
  send(message: MailMessage & { from: string }): Promise<void>;
  /** Closes what it holds open (the SMTP pool's connections). */
  close?(): void;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

/** The SMTP connections kept open: as many mails are in flight at once (bulk senders match it). */
export const SMTP_POOL_CONNECTIONS = 5;

export function mailTransportFor(config: AppConfig): MailTransport {
  if (config.smtpUrl) {
    const smtp = createTransport({
      url: config.smtpUrl,
      // A few connections kept open and reused, at the provider's rate: a newsletter to thousands
      // neither opens a connection per mail nor exceeds what the provider accepts.
      pool: true,
      maxConnections: SMTP_POOL_CONNECTIONS,
      rateDelta: 1000,
      rateLimit: config.mailRatePerSecond,
      ...(config.dkim ? { dkim: config.dkim } : {}),
    });
    return { send: async (message) => void (await smtp.sendMail(message)), close: () => smtp.close() };
  }
  const logger = new Logger('Mail');
  return {
    send: async (message) =>
      logger.log(`(SMTP_URL is not set) To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}`),
  };
}

@Injectable()
export class MailService implements OnApplicationShutdown {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
  ) {}

  /** Whether mail really leaves the server (SMTP is configured). */
  get delivers(): boolean {
    return Boolean(this.config.smtpUrl);
  }

  send({ fromName, fromAddress, ...message }: MailMessage): Promise<void> {
    return this.transport.send({ ...message, from: senderOf(fromAddress || this.config.mailFrom, fromName) });
  }

  onApplicationShutdown(): void {
    this.transport.close?.();
  }
}

/**
 * Whether a send failed because the SMTP server refused this message for good (a 5xx reply, RFC 5321
 * 4.2.1: the address does not exist, the content is refused): sending it again fails the same way. A
 * connection that failed or a 4xx reply is worth another try.
 */
export function isPermanentSmtpRejection(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** `no-reply@host` with a name: `"Phuong's Blog" <no-reply@host>` (RFC 5322 quoted); `Name <address>` stays as set. */
export function senderOf(mailFrom: string, name?: string): string {
  if (!name || mailFrom.includes('<')) return mailFrom;
  return `"${name.replace(/[\r\n]+/g, ' ').replace(/["\\]/g, '\\$&')}" <${mailFrom}>`;
}
