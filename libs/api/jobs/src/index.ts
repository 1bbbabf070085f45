export * from './lib/job-queue';
export * from './lib/jobs.module';
