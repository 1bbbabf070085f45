/** How long counts wait in memory before they are written: a few seconds of hits cost one statement. */
export const FLUSH_DELAY_MS = 5_000;

export interface BatchedWritesOptions<Key, Value> {
  delayMs: number;
  /** Distinct keys held at most between two writes; new ones beyond are dropped (a flood of distinct 404s cannot grow memory). */
  maxKeys: number;
  merge(previous: Value | undefined, next: Value): Value;
  /** Writes one batch (one or two statements). */
  write(entries: Array<[Key, Value]>): Promise<void>;
  /** A batch that could not be written is lost: these are counts, not content. */
  onError(error: unknown): void;
}

/**
 * Counts gathered in memory and written together, so that the request that counts never waits for
 * the database: written by a timer armed by the first count after a write (an idle instance has no
 * timer running), and by `flush()` (at shutdown, in tests).
 */
export class BatchedWrites<Key, Value> {
  private pending = new Map<Key, Value>();
  private timer: NodeJS.Timeout | null = null;
  /** Batches are written one after the other, so a flush waits for the one being written. */
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly options: BatchedWritesOptions<Key, Value>) {}

  add(key: Key, value: Value): void {
    const previous = this.pending.get(key);
    if (previous === undefined && this.pending.size >= this.options.maxKeys) return;
    this.pending.set(key, this.options.merge(previous, value));
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.delayMs);
      // A pending count never keeps the process alive: shutdown flushes it.
      this.timer.unref();
    }
  }

  /** Writes what is pending; resolves once every batch so far is written (or given up). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size > 0) {
      const entries = [...this.pending];
      this.pending = new Map();
      this.writing = this.writing.then(() => this.options.write(entries)).catch((error) => this.options.onError(error));
    }
    return this.writing;
  }
}
