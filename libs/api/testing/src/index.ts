export * from '@blog/api/data/testing';
export * from './lib/test-app';
