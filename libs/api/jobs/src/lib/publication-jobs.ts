import type { JobQueue } from './job-queue';

/** A record to announce at the time it was scheduled for (`published_at`, ISO). */
export interface PublicationJob {
  id: number;
  /** A record rescheduled since is announced by its own job: the handler checks the time still holds. */
  published_at: string;
}

/**
 * The job that announces a scheduled record (a post, a project) when its time comes, once across
 * instances: `announce` checks that the record is public then at that time. `queue` is called after each
 * save of a record scheduled for later. Without a job queue (a spec's app), nothing is announced.
 */
export class PublicationJobs {
  constructor(
    private readonly jobs: JobQueue | undefined,
    private readonly name: string,
  ) {}

  register(announce: (job: PublicationJob) => Promise<void>): void {
    this.jobs?.register<PublicationJob>({
      name: this.name,
      handler: announce,
      retryLimit: 5,
      expireInSeconds: 60,
      // One waiting job per record and time (`queue`'s key).
      policy: 'short',
    });
  }

  /** Queues the announcement of the record `id` at `at`; saving it again at the same time queues no second one. */
  async queue(id: number, at: Date): Promise<void> {
    if (!this.jobs) return;
    const published_at = at.toISOString();
    await this.jobs.sendUnlessQueued<PublicationJob>(
      this.name,
      { id, published_at },
      { singletonKey: `${id}@${published_at}`, startAfter: at },
    );
  }
}
