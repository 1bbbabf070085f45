export * from './lib/config';
export * from './lib/core.module';
export * from './lib/domain-error';
export * from './lib/zod-validation.pipe';
export * from './lib/http-exception.filter';
export * from './lib/http-app';
export * from './lib/trpc';
export * from './lib/passwords';
