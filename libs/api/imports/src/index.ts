export * from './lib/sources/source-model';
