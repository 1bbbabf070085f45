export * from './lib/subscriptions.module';
export * from './lib/mail-events/mail-event';
export * from './lib/mail-events/soft-bounce';
export * from './lib/mail/post-mail';
export * from './lib/subscribing/subscriptions.service';
export * from './lib/subscribing/subscriptions.router';
export * from './lib/sending/newsletter.service';
export * from './lib/subscribing/subscribe-form.route';
