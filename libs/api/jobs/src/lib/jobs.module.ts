import { type DynamicModule, Global, Module } from '@nestjs/common';
import { DEFAULT_JOB_QUEUE_SETTINGS, JOB_QUEUE_SETTINGS, JobQueue, type JobQueueSettings } from './job-queue';

/** The background job queue, one per instance, for every domain (`JobQueue`). */
@Global()
@Module({})
export class JobsModule {
  static forRoot(settings: Partial<JobQueueSettings> = {}): DynamicModule {
    return {
      module: JobsModule,
      providers: [{ provide: JOB_QUEUE_SETTINGS, useValue: { ...DEFAULT_JOB_QUEUE_SETTINGS, ...settings } }, JobQueue],
      exports: [JobQueue],
    };
  }
}
