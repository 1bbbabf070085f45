export * from './lib/trpc';
export * from './lib/data-provider';
