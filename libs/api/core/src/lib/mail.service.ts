import { Inject, Injectable, Logger } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from './config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Where mail goes: SMTP in production, the log without `SMTP_URL`, a mailbox in tests. */
export interface MailTransport {
  send(message: MailMessage & { from: string }): Promise<void>;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

export function mailTransportFor(config: AppConfig): MailTransport {
  if (config.smtpUrl) {
    const smtp = createTransport(config.smtpUrl);
    return { send: async (message) => void (await smtp.sendMail(message)) };
  }
  const logger = new Logger('Mail');
  return {
    send: async (message) =>
      logger.log(`(SMTP_URL is not set) To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}`),
  };
}

@Injectable()
export class MailService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
  ) {}

  /** Whether mail really leaves the server (SMTP is configured). */
  get delivers(): boolean {
    return Boolean(this.config.smtpUrl);
  }

  send(message: MailMessage): Promise<void> {
    return this.transport.send({ ...message, from: this.config.mailFrom });
  }
}
