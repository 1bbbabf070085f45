import { JobsModule } from '@blog/api/jobs';

/**
 * The job queue for a spec's app: idle workers poll every half second and dead runs are looked for every
 * two seconds, so a spec waits for a job as little as the machine allows.
 */
export const testJobsModule = () =>
  JobsModule.forRoot({ pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 2, stopTimeoutMs: 5_000 });
