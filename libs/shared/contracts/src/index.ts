export * from './lib/limits';
export * from './lib/errors';
export * from './lib/params.schema';
export * from './lib/category.schema';
export * from './lib/post.schema';
export * from './lib/site.schema';
export * from './lib/contact.schema';
