export * from './lib/job-queue';
export * from './lib/jobs.module';
export * from './lib/publication-jobs';
