export * from './lib/route-docs';
export * from './lib/discovered-routes';
export * from './lib/openapi-document';
export * from './lib/conformance';
export * from './lib/openapi.service';
export * from './lib/openapi.module';
export * from './lib/openapi.routes';
