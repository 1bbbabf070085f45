export * from './lib/posts.module';
export * from './lib/posts.service';
export * from './lib/posts-admin.service';
export * from './lib/posts.router';
