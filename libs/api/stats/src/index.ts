export * from './lib/stats.module';
export * from './lib/collect/stats-recorder';
export * from './lib/collect/counting-rules';
export * from './lib/collect/visit-source';
export * from './lib/collect/visitors';
