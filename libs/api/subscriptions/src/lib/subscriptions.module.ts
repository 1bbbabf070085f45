import { Module } from '@nestjs/common';

/**
 * E-mail subscriptions to new posts: subscribing with double opt-in, the posts mailed to confirmed
 * subscribers, one-click unsubscribe (RFC 8058), and the providers' bounce and complaint reports.
 */
@Module({})
export class SubscriptionsModule {}
