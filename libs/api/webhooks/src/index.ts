export * from './lib/webhooks.module';
export * from './lib/webhooks.service';
export * from './lib/webhooks.router';
export * from './lib/indexnow.service';
export * from './lib/webhook-signature';
