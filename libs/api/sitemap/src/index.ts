export * from './lib/sitemap.module';
export * from './lib/sitemap.service';
export * from './lib/sitemap.router';
