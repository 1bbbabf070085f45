export * from './lib/redirects.module';
export * from './lib/redirects.service';
export * from './lib/not-found-log.service';
export * from './lib/redirects.middleware';
export * from './lib/redirects.router';
export * from './lib/redirects.openapi';
