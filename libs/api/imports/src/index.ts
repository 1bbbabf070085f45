export * from './lib/sources/source-model';
export * from './lib/imports.module';
export * from './lib/imports.service';
export * from './lib/imports.router';
export * from './lib/backups/backups.service';
export * from './lib/backups/backups.router';
