export * from './lib/entities';
export * from './lib/migrations';
export * from './lib/data-source';
export * from './lib/data.module';
export * from './lib/database-server';
export * from './lib/secrets';
export * from './lib/slug-history';
export * from './lib/content-changes';
