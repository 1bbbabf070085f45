import { UPLOAD_FIELD } from '@blog/contracts';
import { DomainError } from '@blog/api/core';

/** How long a refused upload is told to wait before it tries again. */
export const DECODE_RETRY_AFTER_SECONDS = 10;

export const decodeQueueErrors = {
  busy: () =>
    new DomainError(
      'SERVICE_UNAVAILABLE',
      'The server is busy with other large images; try again in a moment',
      [{ field: UPLOAD_FIELD, message: 'the server is busy with other large images: try again in a moment' }],
      { 'Retry-After': String(DECODE_RETRY_AFTER_SECONDS) },
    ),
};

/**
 * Runs large image decodes one at a time in this process, so its memory holds one full-size photo
 * at a time (a 48-megapixel decode needs a few hundred MB): the others wait their turn, in order.
 * At most `maxWaiting` wait (each holds its upload's bytes meanwhile); one more is refused at once
 * with 503 and `Retry-After` rather than queued without bound.
 */
export class DecodeQueue {
  private running = false;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly maxWaiting: number) {}

  /** How many decodes wait for their turn (the one running not counted). */
  get waitingCount(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running) {
      if (this.waiting.length >= this.maxWaiting) throw decodeQueueErrors.busy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running = true;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The turn passes straight to the next in line (still `running`), so nobody overtakes it.
      if (next) next();
      else this.running = false;
    }
  }
}
