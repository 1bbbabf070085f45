export * from '@blog/api/data/testing';
export * from './lib/test-app';
export * from './lib/sign-in';
export * from './lib/test-sign-in.controller';
export * from './lib/expect-admin-only';
export * from './lib/expect-slug-redirect';
export * from './lib/rate-limits';
