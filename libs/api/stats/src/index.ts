export * from './lib/stats.module';
export * from './lib/stats.service';
export * from './lib/stats.router';
export * from './lib/stats-rollup.service';
export * from './lib/visitors';
