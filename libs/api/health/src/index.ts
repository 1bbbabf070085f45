export * from './lib/health.module';
export * from './lib/health.controller';
export * from './lib/readiness.service';
export * from './lib/graceful-shutdown';
export * from './lib/health.openapi';
