import { type DynamicModule, Global, Module } from '@nestjs/common';
import { DEFAULT_JOB_QUEUE_SETTINGS, JOB_QUEUE_SETTINGS, JOBS_DATABASE_URL, JobQueue, type JobQueueSettings } from './job-queue';

/** The background job queue, one per instance, for every domain (`JobQueue`). */
@Global()
@Module({})
export class JobsModule {
  static forRoot(databaseUrl: string, settings: Partial<JobQueueSettings> = {}): DynamicModule {
    return {
      module: JobsModule,
      providers: [
        { provide: JOBS_DATABASE_URL, useValue: databaseUrl },
        { provide: JOB_QUEUE_SETTINGS, useValue: { ...DEFAULT_JOB_QUEUE_SETTINGS, ...settings } },
        JobQueue,
      ],
      exports: [JobQueue],
    };
  }
}
