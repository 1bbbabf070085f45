export * from './lib/api-tokens.module';
export * from './lib/api-tokens.service';
export * from './lib/api-tokens.router';
