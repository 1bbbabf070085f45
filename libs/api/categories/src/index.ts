export * from './lib/categories.module';
export * from './lib/categories.service';
export * from './lib/category-writer';
export * from './lib/categories.router';
export * from './lib/categories.openapi';
