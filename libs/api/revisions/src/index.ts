export * from './lib/revisions.module';
export * from './lib/revisions.service';
export * from './lib/revisions.router';
export * from './lib/revisions.openapi';
