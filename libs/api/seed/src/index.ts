export * from './lib/seed';
