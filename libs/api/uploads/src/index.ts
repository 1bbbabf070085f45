export * from './lib/uploads.module';
export * from './lib/uploads.service';
export * from './lib/uploads.router';
export { IMAGE_IMPORT_MAX_REDIRECTS, IMAGE_IMPORT_TIMEOUT_MS } from './lib/image-import.service';
export * from './lib/uploads.openapi';
