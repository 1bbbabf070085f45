export * from './lib/auth.module';
export * from './lib/auth.service';
export * from './lib/auth.router';
export * from './lib/auth.openapi';
