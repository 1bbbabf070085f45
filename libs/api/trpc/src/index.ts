export * from './lib/app-router';
export * from './lib/trpc.module';
