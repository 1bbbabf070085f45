// Test helpers over the data layer only (no Nest, no config): `@blog/api/data/testing`.
export * from './test-database';
export * from './fixtures';
export * from './query-plan';
export * from './database-proxy';
export * from './eventually';
export * from './use-test-database';
export * from './query-failure';
export * from './system-postgres';
export * from './content-changes-recorder';
