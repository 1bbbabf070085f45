export * from './lib/sources/source-model';
export { readWordPress } from './lib/sources/wordpress/wordpress-reader';
export { wordPressImagePaths } from './lib/sources/wordpress/wordpress-paths';
export { WXR_MAX_BYTES } from './lib/sources/wordpress/wxr-xml';
export * from './lib/imports.module';
export * from './lib/imports.service';
export * from './lib/imports.router';
export * from './lib/backups/backups.service';
export * from './lib/backups/backups.router';
