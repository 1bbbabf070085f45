export * from './lib/sitemap.module';
export * from './lib/sitemap.service';
export * from './lib/sitemap.router';
export * from './lib/sitemap.openapi';
