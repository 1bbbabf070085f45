import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { ROOT_LOGGER } from '@blog/api/core';
import { ADVISORY_LOCKS, DATABASE_CONNECT_TIMEOUT_MS, underAdvisoryLock } from '@blog/api/data';

/** Injection token of the queue's timing settings (tests shorten them). */
export const JOB_QUEUE_SETTINGS = Symbol('JOB_QUEUE_SETTINGS');

export interface JobQueueSettings {
  /** How often an idle worker asks for work (a job sent by this instance wakes it at once). */
  pollingIntervalSeconds: number;
  /** How often an instance looks for jobs whose worker died (expired) and hands them back for a retry. */
  maintenanceIntervalSeconds: number;
  /** How long shutdown waits for a running job to stop at its next safe point. */
  stopTimeoutMs: number;
}

/** The queue's queries are small (take a job, mark it done): one that takes longer is on a dead connection. */
const JOB_QUEUE_QUERY_TIMEOUT_MS = 15_000;

export const DEFAULT_JOB_QUEUE_SETTINGS: JobQueueSettings = {
  pollingIntervalSeconds: 2,
  maintenanceIntervalSeconds: 60,
  stopTimeoutMs: 10_000,
};

/** What a handler is told about the job it runs. */
export interface JobContext {
  id: string;
  /** How many times it ran before (a job taken over from a stopped or crashed instance is > 0). */
  retryCount: number;
  /** Aborted when this instance shuts down: stop at the next safe point and throw; another run resumes. */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, context: JobContext) => Promise<void>;

export interface JobDefinition<T> {
  name: string;
  handler: JobHandler<T>;
  /** Runs again after a failure or an interrupted run this many times (pg-boss retries, with back-off). */
  retryLimit: number;
  /** The first retry's delay; each next one doubles it (pg-boss's back-off, with jitter). 1 unless told. */
  retryDelaySeconds?: number;
  /** A run that takes longer is taken as dead (its instance crashed) and retried elsewhere. */
  expireInSeconds: number;
  /**
   * 'short': at most one queued (not yet started) job per `singletonKey` (`sendUnlessQueued`);
   * 'stately': that, and at most one running across instances;
   * 'standard' (the default): no such limit.
   */
  policy?: 'standard' | 'short' | 'stately';
  /** Also run on this cron schedule (once across instances); null removes a schedule set before. */
  schedule?: { cron: string; tz: string } | null;
}

/**
 * The background job queue: pg-boss on the site's own PostgreSQL, started inside every instance.
 * Instances share the work (a job is taken by exactly one worker: `SKIP LOCKED`), a job outlives a
 * restart, a crashed instance's job expires and is retried, and a stopping instance interrupts its
 * running jobs so that they are retried at once elsewhere (each job resumes from its stored progress).
 * Domains register their jobs before the application bootstraps (in `onModuleInit`).
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<never>>();
  private readonly workers = new Map<string, string>();
  private readonly stopping = new AbortController();
  private readonly log: Logger;
  private started = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(JOB_QUEUE_SETTINGS) private readonly settings: JobQueueSettings,
    @Inject(ROOT_LOGGER) logger: Logger,
  ) {
    this.log = logger.child({ context: 'JobQueue' });
    // pg-boss hands its options to its pg Pool: during an outage (a database that takes connections and
    // never answers) the queue's own queries give up as the app's do, so that polling and shutdown never hang.
    const poolTimeouts = {
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
      query_timeout: JOB_QUEUE_QUERY_TIMEOUT_MS,
    };
    this.boss = new PgBoss({
      // The site's database, through a small pool of its own (pg-boss keeps its tables in the schema `pgboss`).
      connectionString: (dataSource.options as { url: string }).url,
      application_name: 'blog-jobs',
      max: 3,
      maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
      // Kept a week for the admin's reports; our own tables keep what outlives that.
      deleteAfterDays: 7,
      ...poolTimeouts,
    } as PgBoss.ConstructorOptions);
    this.boss.on('error', (error) => this.log.error({ err: error }, 'Job queue error'));
  }

  register<T>(definition: JobDefinition<T>): void {
    if (this.started) throw new Error(`Job ${definition.name} registered after the queue started`);
    this.definitions.set(definition.name, definition as JobDefinition<never>);
  }

  async onApplicationBootstrap(): Promise<void> {
    // Instances starting together would create the same queues at once (pg-boss's start creates its
    // own), and PostgreSQL answers one of them `deadlock detected` (`create_queue` adds a table with
    // foreign keys): one instance at a time.
    await underAdvisoryLock(this.dataSource, ADVISORY_LOCKS.jobQueues, async () => {
      await this.boss.start();
      for (const definition of this.definitions.values()) {
        const {
          name,
          retryLimit,
          expireInSeconds,
          retryDelaySeconds: retryDelay = 1,
          policy = 'standard',
        } = definition;
        const queue = { name, policy, retryLimit, retryDelay, retryBackoff: true, expireInSeconds };
        await this.boss.createQueue(name, queue);
        // pg-boss 10 keeps the queue's first settings: later code with other limits updates them.
        await this.boss.updateQueue(name, queue);
        const workerId = await this.boss.work<never>(
          name,
          { pollingIntervalSeconds: this.settings.pollingIntervalSeconds, includeMetadata: true },
          async ([job]) => this.run(definition, job),
        );
        this.workers.set(name, workerId);
        if (definition.schedule)
          await this.boss.schedule(name, definition.schedule.cron, {}, { tz: definition.schedule.tz });
        else if (definition.schedule === null) await this.boss.unschedule(name);
      }
    });
    this.started = true;
  }

  /**
   * Queues a job; this instance's worker is woken at once. Answers the job's id. `startAfter`: not
   * run before then (a job for a moment to come, run once across instances).
   */
  async send<T extends object>(
    name: string,
    data: T,
    options: { singletonKey?: string; startAfter?: Date } = {},
  ): Promise<string> {
    const id = await this.boss.send(name, data, options);
    if (!id) throw new Error(`Job ${name} was not queued (a job with key ${options.singletonKey} is queued already)`);
    if (!options.startAfter || options.startAfter.getTime() <= Date.now()) this.wake(name);
    return id;
  }

  /** As `send`, but answers null, queuing nothing, when a job with its `singletonKey` is queued already ('short' policy). */
  async sendUnlessQueued<T extends object>(
    name: string,
    data: T,
    options: { singletonKey: string; startAfter?: Date },
  ): Promise<string | null> {
    const id = await this.boss.send(name, data, options);
    if (id && (!options.startAfter || options.startAfter.getTime() <= Date.now())) this.wake(name);
    return id;
  }

  async cancel(name: string, id: string): Promise<void> {
    await this.boss.cancel(name, id);
  }

  /** Asks this instance's worker for `name` to fetch now rather than at its next poll. */
  wake(name: string): void {
    const workerId = this.workers.get(name);
    if (workerId) this.boss.notifyWorker(workerId);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.stopping.signal.aborted) return;
    // Running jobs stop at their next safe point and fail, so pg-boss retries them on a live instance.
    this.stopping.abort();
    await this.boss.stop({ graceful: true, wait: true, timeout: this.settings.stopTimeoutMs });
  }

  private async run(definition: JobDefinition<never>, job: PgBoss.JobWithMetadata<never>): Promise<void> {
    const log = this.log.child({ job: definition.name, jobId: job.id });
    log.info({ retryCount: job.retryCount }, 'Job started');
    try {
      await definition.handler(job.data, { id: job.id, retryCount: job.retryCount, signal: this.stopping.signal });
      log.info('Job done');
    } catch (error) {
      if (this.stopping.signal.aborted) log.info('Job interrupted by shutdown: it will be retried');
      else log.error({ err: error }, 'Job failed');
      throw error;
    }
  }
}
