export * from './lib/about.module';
export * from './lib/about.service';
export * from './lib/about-writer';
export * from './lib/about.router';
export * from './lib/about.openapi';
