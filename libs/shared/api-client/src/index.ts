export * from './lib/client';
export * from './lib/example';
export type { components, operations, paths } from './lib/schema';
