export * from './lib/page-cache';
export * from './lib/page-cache.service';
export * from './lib/pages.module';
export * from './lib/page-renderer.loader';
export * from './lib/public-pages';
export * from './lib/rendered-page-store';
export * from './lib/post-page-prerenderer';
