export * from './lib/third-party-fixtures';
