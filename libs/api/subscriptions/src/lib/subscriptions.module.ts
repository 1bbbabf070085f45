import { Module } from '@nestjs/common';
import { SubscriptionsController } from './subscribing/subscriptions.controller';
import { SubscriptionsRouter } from './subscribing/subscriptions.router';
import { SubscriptionsService } from './subscribing/subscriptions.service';
import { NewsletterService } from './sending/newsletter.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './subscribing/subscriptions.openapi';

/**
 * E-mail subscriptions to new posts: subscribing with double opt-in, the posts mailed to confirmed
 * subscribers, one-click unsubscribe (RFC 8058), and the providers' bounce and complaint reports.
 */
@Module({
  controllers: [SubscriptionsController],
  providers: [SubscriptionsService, SubscriptionsRouter, NewsletterService],
  exports: [SubscriptionsService, SubscriptionsRouter, NewsletterService],
})
export class SubscriptionsModule {}
