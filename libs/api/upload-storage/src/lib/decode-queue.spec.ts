import { DomainError } from '@blog/api/core';
import { DECODE_RETRY_AFTER_SECONDS, DecodeQueue } from './decode-queue';

/** A piece of work that runs until the test lets it finish. */
function pending() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('DecodeQueue (one large decode at a time, a bounded queue)', () => {
  it('runs one at a time, the others in the order they came', async () => {
    const queue = new DecodeQueue(5);
    const started: number[] = [];
    const works = [pending(), pending(), pending()];
    const runs = works.map((work, index) =>
      queue.run(async () => {
        started.push(index);
        await work.done;
        return index;
      }),
    );
    await settle();
    expect(started).toEqual([0]);
    expect(queue.waitingCount).toBe(2);
    works[0].finish();
    await settle();
    expect(started).toEqual([0, 1]);
    works[1].finish();
    works[2].finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(queue.waitingCount).toBe(0);
  });

  it('passes the turn on when a decode fails', async () => {
    const queue = new DecodeQueue(5);
    const failing = queue.run(() => Promise.reject(new Error('damaged')));
    const next = queue.run(async () => 'next');
    await expect(failing).rejects.toThrow('damaged');
    await expect(next).resolves.toBe('next');
  });

  it('refuses one more than it may hold waiting with 503, Retry-After and the field', async () => {
    const queue = new DecodeQueue(2);
    const work = pending();
    const runs = [1, 2, 3].map(() => queue.run(() => work.done));
    await settle();
    const refused = await queue.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      errors: [{ field: 'image', message: expect.stringMatching(/busy/) }],
      headers: { 'Retry-After': String(DECODE_RETRY_AFTER_SECONDS) },
    });
    work.finish();
    await Promise.all(runs);
    await expect(queue.run(async () => 'after')).resolves.toBe('after');
  });
});
