export * from './lib/services.module';
export * from './lib/services.service';
export * from './lib/services.router';
