export * from './lib/subscriptions.module';
export * from './lib/mail-events/mail-event';
export * from './lib/mail-events/soft-bounce';
export * from './lib/mail/post-mail';
