export * from './lib/site-info.module';
export * from './lib/site-info.service';
export * from './lib/general-info-writer';
export * from './lib/site-info.router';
export * from './lib/site-info.openapi';
