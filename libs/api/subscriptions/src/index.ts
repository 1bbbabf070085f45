export * from './lib/subscriptions.module';
export * from './lib/mail/post-mail';
