import { Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig, DomainError } from '@blog/api/core';
import {
  MAIL_EVENT_PROVIDERS,
  MAIL_EVENT_SINK,
  type MailEvent,
  type MailEventProvider,
  type MailEventRequest,
  type MailEventSink,
} from './mail-event';
import { genericEvents, verifyGeneric } from './providers/generic';
import { MailgunReplayGuard, mailgunEvents } from './providers/mailgun';
import { postmarkEvents, verifyPostmark } from './providers/postmark';
import { sendgridEvents, verifySendgrid } from './providers/sendgrid';
import { type HttpGet, readSnsMessage, SnsCertificates } from './providers/ses';

/** Injection token of the HTTPS GET that fetches SNS certificates and confirms SNS subscriptions (`HttpGet`). */
export const MAIL_EVENTS_HTTP_GET = Symbol('MAIL_EVENTS_HTTP_GET');

/** How long AWS may take to hand over a certificate or confirm a subscription. */
const HTTP_GET_TIMEOUT_MS = 10_000;

/** The default `HttpGet`: the platform's fetch, refusing redirects (the address was checked, not where it leads). */
export const fetchText: HttpGet = async (url) => {
  const answer = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(HTTP_GET_TIMEOUT_MS) });
  if (!answer.ok) throw new Error(`${url.host} answered ${answer.status}`);
  return answer.text();
};

function notConfigured(variables: string): DomainError {
  return new DomainError('SERVICE_UNAVAILABLE', `This provider's reports are not set up: set ${variables}`);
}

/** The bytes as sent: the JSON and form parsers keep them (`rawBody`); other types are read raw by `SubscriptionsModule`. */
function rawBodyOf(req: Request & { rawBody?: Buffer }): Buffer {
  if (req.rawBody) return req.rawBody;
  return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
}

/**
 * The mail providers' bounce and complaint reports: each provider's signature checked, its events
 * read into `MailEvent`s and handed to the `MailEventSink`.
 */
@Controller()
export class MailEventsController {
  private readonly snsCertificates: SnsCertificates;
  private readonly mailgunReplays = new MailgunReplayGuard();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_EVENT_SINK) private readonly sink: MailEventSink,
    @Inject(MAIL_EVENTS_HTTP_GET) private readonly get: HttpGet,
  ) {
    this.snsCertificates = new SnsCertificates(get);
  }

  @Post('mail-events/:provider')
  @HttpCode(204)
  async receive(@Param('provider') provider: string, @Req() req: Request): Promise<void> {
    if (!(MAIL_EVENT_PROVIDERS as readonly string[]).includes(provider)) {
      throw DomainError.notFound(`Mail event provider ${provider}`);
    }
    const events = await this.read(provider as MailEventProvider, { body: rawBodyOf(req), headers: req.headers });
    if (events.length > 0) await this.sink.handle(events);
  }

  private async read(provider: MailEventProvider, request: MailEventRequest): Promise<MailEvent[]> {
    const settings = this.config.mailEvents;
    switch (provider) {
      case 'ses':
        if (settings.sesTopicArns.length === 0) throw notConfigured('MAIL_EVENTS_SES_TOPIC_ARNS');
        return readSnsMessage(request.body, settings.sesTopicArns, this.snsCertificates, this.get);
      case 'postmark':
        if (!settings.postmark) throw notConfigured('MAIL_EVENTS_POSTMARK_USER and MAIL_EVENTS_POSTMARK_PASSWORD');
        verifyPostmark(request, settings.postmark);
        return postmarkEvents(request.body);
      case 'sendgrid':
        if (!settings.sendgridPublicKey) throw notConfigured('MAIL_EVENTS_SENDGRID_PUBLIC_KEY');
        verifySendgrid(request, settings.sendgridPublicKey);
        return sendgridEvents(request.body);
      case 'mailgun':
        if (!settings.mailgunSigningKey) throw notConfigured('MAIL_EVENTS_MAILGUN_SIGNING_KEY');
        return mailgunEvents(request.body, settings.mailgunSigningKey, this.mailgunReplays, new Date());
      case 'generic':
        if (!settings.secret) throw notConfigured('MAIL_EVENTS_SECRET');
        verifyGeneric(request, settings.secret);
        return genericEvents(request.body, new Date());
    }
  }
}
