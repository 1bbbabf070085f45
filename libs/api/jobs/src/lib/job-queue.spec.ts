import pino from 'pino';
import { eventually, useTestDatabase } from '@blog/api/data/testing';
import { JobQueue, type JobContext, type JobQueueSettings } from './job-queue';

const FAST: JobQueueSettings = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, stopTimeoutMs: 5_000 };
const silent = pino({ level: 'silent' });

describe('JobQueue (pg-boss on the test database)', () => {
  const database = useTestDatabase();
  const queues: JobQueue[] = [];

  /** An instance of the queue, as each app instance has one; stopped after each test. */
  function instance(register: (queue: JobQueue) => void): JobQueue {
    const queue = new JobQueue(database.dataSource, FAST, silent);
    register(queue);
    queues.push(queue);
    return queue;
  }

  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.onApplicationShutdown()));
  });

  it('runs a job sent by the instance once, with its data', async () => {
    const seen: Array<{ data: { n: number }; retryCount: number }> = [];
    const queue = instance((q) =>
      q.register<{ n: number }>({
        name: 'test.once',
        retryLimit: 0,
        expireInSeconds: 60,
        handler: async (data, context) => void seen.push({ data, retryCount: context.retryCount }),
      }),
    );
    await queue.onApplicationBootstrap();
    await queue.send('test.once', { n: 7 });
    await eventually(async () => expect(seen).toEqual([{ data: { n: 7 }, retryCount: 0 }]));
  });

  it('retries a job that failed, until it succeeds', async () => {
    let runs = 0;
    const queue = instance((q) =>
      q.register({
        name: 'test.retry',
        retryLimit: 3,
        expireInSeconds: 60,
        handler: async () => {
          runs += 1;
          if (runs < 2) throw new Error('first run fails');
        },
      }),
    );
    await queue.onApplicationBootstrap();
    await queue.send('test.retry', {});
    await eventually(async () => expect(runs).toBe(2), 30_000);
  });

  it('hands a job interrupted by one instance stopping to another instance, which resumes it', async () => {
    let startedOnFirst: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (startedOnFirst = resolve));
    const first = instance((q) =>
      q.register({
        name: 'test.handover',
        retryLimit: 2,
        expireInSeconds: 60,
        // Works until its instance stops, then gives up at its next safe point.
        handler: async (_data, context: JobContext) => {
          startedOnFirst();
          while (!context.signal.aborted) await new Promise((resolve) => setTimeout(resolve, 20));
          throw new Error('interrupted');
        },
      }),
    );
    await first.onApplicationBootstrap();
    await first.send('test.handover', {});
    await started;

    const resumedWith: number[] = [];
    const second = instance((q) =>
      q.register({
        name: 'test.handover',
        retryLimit: 2,
        expireInSeconds: 60,
        handler: async (_data, context) => void resumedWith.push(context.retryCount),
      }),
    );
    await second.onApplicationBootstrap();
    await first.onApplicationShutdown();
    queues.splice(queues.indexOf(first), 1);
    await eventually(async () => expect(resumedWith).toEqual([1]), 30_000);
  });
});
