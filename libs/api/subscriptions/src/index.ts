export * from './lib/subscriptions.module';
