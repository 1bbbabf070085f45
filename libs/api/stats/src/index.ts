export * from './lib/stats.module';
