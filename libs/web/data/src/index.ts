export * from './lib/trpc';
export * from './lib/data-provider';
export * from './lib/query-errors';
export * from './lib/page-state';
export * from './lib/prefetch';
export * from './lib/site-identity';
