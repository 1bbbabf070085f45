import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WebhookDeliveryEntity, WebhookEntity } from '@blog/api/data';
import { IndexNowService } from './indexnow.service';
import { WebhooksRouter } from './webhooks.router';
import {
  DEFAULT_WEBHOOK_DELIVERY_SETTINGS,
  WEBHOOK_DELIVERY_SETTINGS,
  WebhooksService,
  type WebhookDeliverySettings,
} from './webhooks.service';

const parts = {
  imports: [TypeOrmModule.forFeature([WebhookEntity, WebhookDeliveryEntity])],
  providers: [WebhooksService, WebhooksRouter, IndexNowService],
  exports: [WebhooksService, WebhooksRouter, IndexNowService],
};

/**
 * The site's outgoing notifications: webhooks and IndexNow, both listening to `DomainEvents` and sent by
 * the job queue (`JobsModule` must be in the app). `withSettings`: other delivery timings (the specs').
 */
@Module({
  ...parts,
  providers: [...parts.providers, { provide: WEBHOOK_DELIVERY_SETTINGS, useValue: DEFAULT_WEBHOOK_DELIVERY_SETTINGS }],
})
export class WebhooksModule {
  static withSettings(settings: Partial<WebhookDeliverySettings>): DynamicModule {
    return {
      module: WebhooksModule,
      ...parts,
      providers: [
        ...parts.providers,
        { provide: WEBHOOK_DELIVERY_SETTINGS, useValue: { ...DEFAULT_WEBHOOK_DELIVERY_SETTINGS, ...settings } },
      ],
    };
  }
}
