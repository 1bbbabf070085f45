export * from './lib/site-archive.error';
export * from './lib/site-archive.service';
export * from './lib/exports.controller';
export * from './lib/exports.module';
export type { ArchiveRestoreReport } from '@blog/contracts';
export * from './lib/site-exports.service';
export * from './lib/site-exports.router';
export * from './lib/exports.openapi';
