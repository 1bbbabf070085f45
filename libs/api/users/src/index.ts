export * from './lib/users.module';
export * from './lib/users.service';
export * from './lib/users.router';
export * from './lib/users.openapi';
