export * from './lib/uploads.module';
export * from './lib/uploads.service';
export * from './lib/uploads.router';
