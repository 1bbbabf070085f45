import { BatchedWrites } from './batched-writes';

describe('BatchedWrites', () => {
  afterEach(() => jest.useRealTimers());

  const batches = () => {
    const written: Array<Array<[string, number]>> = [];
    const errors: unknown[] = [];
    let fail = false;
    const writes = new BatchedWrites<string, number>({
      delayMs: 5000,
      maxKeys: 2,
      merge: (previous, next) => (previous ?? 0) + next,
      write: async (entries) => {
        if (fail) throw new Error('database down');
        written.push(entries);
      },
      onError: (error) => errors.push(error),
    });
    return { writes, written, errors, failNext: () => (fail = true) };
  };

  it('writes what was added once, when the timer armed by the first add fires', async () => {
    jest.useFakeTimers();
    const { writes, written } = batches();
    writes.add('a', 1);
    writes.add('a', 1);
    writes.add('b', 1);
    jest.advanceTimersByTime(4999);
    expect(written).toEqual([]);
    jest.advanceTimersByTime(1);
    await writes.flush();
    expect(written).toEqual([
      [
        ['a', 2],
        ['b', 1],
      ],
    ]);
    // Idle: no timer left behind.
    expect(jest.getTimerCount()).toBe(0);
  });

  it('drops new keys past maxKeys, still counting the ones held', async () => {
    const { writes, written } = batches();
    writes.add('a', 1);
    writes.add('b', 1);
    writes.add('c', 1);
    writes.add('a', 1);
    await writes.flush();
    expect(written).toEqual([
      [
        ['a', 2],
        ['b', 1],
      ],
    ]);
  });

  it('reports a batch it could not write and goes on with the next', async () => {
    const { writes, written, errors, failNext } = batches();
    failNext();
    writes.add('a', 1);
    await writes.flush();
    expect(errors).toHaveLength(1);
    expect(written).toEqual([]);
  });
});
