export * from './lib/autosaves.module';
export * from './lib/autosaves.service';
export * from './lib/autosaves.router';
export * from './lib/autosaves.openapi';
