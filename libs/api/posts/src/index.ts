export * from './lib/posts.module';
export * from './lib/posts.service';
export * from './lib/posts-admin.service';
export * from './lib/posts.router';
export * from './lib/trash/trash.module';
export * from './lib/trash/trash.service';
export * from './lib/trash/trash.router';
export * from './lib/posts.openapi';
