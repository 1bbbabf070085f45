export * from './lib/stats.module';
export * from './lib/stats.router';
