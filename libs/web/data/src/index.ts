export * from './lib/trpc';
export * from './lib/data-provider';
export * from './lib/query-errors';
export * from './lib/page-state';
// For component tests (tree-shaken from the app's bundle: nothing there imports them).
export * from './lib/testing/memory-link';
export * from './lib/prefetch';
