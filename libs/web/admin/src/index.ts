export * from './lib/admin-app';
export * from './lib/auth/login-page';
export * from './lib/auth/request-password-page';
export * from './lib/auth/reset-password-page';
