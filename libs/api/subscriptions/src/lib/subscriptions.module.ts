import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { raw, type NextFunction, type Request, type Response } from 'express';
import { SubscribersAdminService } from './admin/subscribers-admin.service';
import { SubscribersController } from './admin/subscribers.controller';
import { SubscribersRouter } from './admin/subscribers.router';
import { MAIL_EVENT_SINK } from './mail-events/mail-event';
import { fetchText, MAIL_EVENTS_HTTP_GET, MailEventsController } from './mail-events/mail-events.controller';
import { SuppressingMailEventSink } from './mail-events/suppressing-mail-event-sink';
import { DigestService } from './sending/digest.service';
import { NewsletterService } from './sending/newsletter.service';
import { SubscriptionsController } from './subscribing/subscriptions.controller';
import { SubscriptionsRouter } from './subscribing/subscriptions.router';
import { SubscriptionsService } from './subscribing/subscriptions.service';
// Their routes' OpenAPI description, loaded with the module that serves them.
import './admin/subscribers.openapi';
import './mail-events/mail-events.openapi';
import './subscribing/subscriptions.openapi';

/** The largest mail event report read as raw bytes (SNS messages are at most 256 kB). */
const MAIL_EVENT_MAX_BYTES = '1mb';

/**
 * E-mail subscriptions to new posts: subscribing with double opt-in, the posts mailed to confirmed
 * subscribers (or a weekly digest of them), one-click unsubscribe (RFC 8058), the providers' bounce and
 * complaint reports, and the owner's list of subscribers (with CSV import and export).
 */
@Module({
  controllers: [SubscriptionsController, MailEventsController, SubscribersController],
  providers: [
    SubscriptionsService,
    SubscriptionsRouter,
    NewsletterService,
    SubscribersAdminService,
    SubscribersRouter,
    DigestService,
    { provide: MAIL_EVENT_SINK, useClass: SuppressingMailEventSink },
    { provide: MAIL_EVENTS_HTTP_GET, useValue: fetchText },
  ],
  exports: [SubscriptionsService, SubscriptionsRouter, NewsletterService, DigestService, SubscribersRouter],
})
export class SubscriptionsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Signatures cover the exact bytes: SNS posts `text/plain`, which no app parser reads; JSON keeps
    // its bytes in `rawBody`. A body already read is not read again: its stream is spent.
    const readRaw = raw({ type: () => true, limit: MAIL_EVENT_MAX_BYTES });
    consumer
      .apply((req: Request, res: Response, next: NextFunction) =>
        req.body === undefined ? readRaw(req, res, next) : next(),
      )
      .forRoutes({ path: 'mail-events/:provider', method: RequestMethod.POST });
  }
}
