import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** A HEIC photo's primary image, upright, as RGBA (4 bytes a pixel). */
export interface DecodedHeic {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Why a HEIC decode gave nothing: damaged (or not HEIC at all), or more pixels than allowed (said before decoding). */
export class HeicDecodeError extends Error {
  constructor(
    readonly reason: 'undecodable' | 'too-many-pixels',
    message: string,
  ) {
    super(message);
    this.name = 'HeicDecodeError';
  }
}

type Reply =
  | { id: number; width: number; height: number; data: Uint8ClampedArray }
  | { id: number; error: 'undecodable' | 'too-many-pixels'; message: string };

/*
 * The worker's code, plain JavaScript run with `eval`: the API is one webpack bundle, and a worker
 * file of its own would need a second entry, a path found at run time and TypeScript loaded in the
 * tests. heic-decode is required through `createRequire(anchor)`, the anchor being a file in this
 * module's folder (the bundle's folder once built), so it resolves as the bundle's own requires do
 * (the production install lists it: apps/api/webpack.config.js).
 *
 * One message, one photo: the container is parsed, the primary image's size checked against
 * `maxPixels` before a pixel is decoded, then decoded; the pixels are transferred, not copied.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require('node:module').createRequire(workerData.anchor)('heic-decode');
parentPort.on('message', async ({ id, bytes, maxPixels }) => {
  let images;
  try {
    try {
      images = await decode.all({ buffer: bytes });
    } catch (error) {
      return parentPort.postMessage({ id, error: 'undecodable', message: String(error && error.message) });
    }
    const primary = images[0];
    if (!primary) return parentPort.postMessage({ id, error: 'undecodable', message: 'no image in the file' });
    if (primary.width * primary.height > maxPixels) {
      return parentPort.postMessage({ id, error: 'too-many-pixels', message: primary.width + 'x' + primary.height });
    }
    let decoded;
    try {
      decoded = await primary.decode();
    } catch (error) {
      return parentPort.postMessage({ id, error: 'undecodable', message: String(error && error.message) });
    }
    parentPort.postMessage({ id, width: decoded.width, height: decoded.height, data: decoded.data }, [decoded.data.buffer]);
  } finally {
    if (images) images.dispose();
  }
});
`;

/** An idle worker is stopped after this long: libheif's WebAssembly memory (hundreds of MB after a 48-megapixel photo) goes with it. */
export const HEIC_WORKER_IDLE_MS = 15_000;

interface Job {
  resolve: (image: DecodedHeic) => void;
  reject: (error: Error) => void;
}

/**
 * Decodes HEIC photos (libheif in WebAssembly, `heic-decode`) on a worker thread, so that a
 * 48-megapixel photo's seconds of decoding never hold up the event loop (every other request).
 * One worker, started on the first photo, which takes one photo at a time (the callers already take
 * turns through `largeDecodes`); it does not keep the process alive while idle (unref'd) and is
 * stopped after `HEIC_WORKER_IDLE_MS` without work. A worker that dies (out of memory, a crash in
 * libheif) fails its photo as undecodable, and the next photo starts a new one.
 */
export class HeicDecoder {
  private worker: Worker | null = null;
  private readonly jobs = new Map<number, Job>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(private readonly idleMs = HEIC_WORKER_IDLE_MS) {}

  /** Whether a worker is running now (for tests). */
  get running(): boolean {
    return this.worker !== null;
  }

  decode(bytes: Uint8Array, maxPixels: number): Promise<DecodedHeic> {
    const worker = this.start();
    const id = this.nextId++;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    // Busy: the process waits for the answer (a shutdown finishes requests in flight).
    worker.ref();
    return new Promise<DecodedHeic>((resolve, reject) => {
      this.jobs.set(id, { resolve, reject });
      // A copy: the caller's bytes may be a view into a larger pooled buffer.
      worker.postMessage({ id, bytes: new Uint8Array(bytes), maxPixels });
    });
  }

  /** Stops the worker now (the jobs in flight fail). */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.forget();
    for (const job of this.drain()) job.reject(new HeicDecodeError('undecodable', 'the decoder was stopped'));
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // The anchor need not exist: only its folder matters to `require`.
      workerData: { anchor: join(__dirname, 'heic-decoder.js') },
    });
    worker.on('message', (reply: Reply) => this.settle(reply));
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.forget();
      for (const job of this.drain()) job.reject(new HeicDecodeError('undecodable', error.message));
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the decoder stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private settle(reply: Reply): void {
    const job = this.jobs.get(reply.id);
    if (!job) return;
    this.jobs.delete(reply.id);
    if ('error' in reply) job.reject(new HeicDecodeError(reply.error, reply.message));
    else
      job.resolve({
        width: reply.width,
        height: reply.height,
        data: new Uint8Array(reply.data.buffer, reply.data.byteOffset, reply.data.byteLength),
      });
    if (this.jobs.size === 0) this.idle();
  }

  private idle(): void {
    const worker = this.worker;
    if (!worker) return;
    worker.unref();
    this.idleTimer = setTimeout(() => {
      if (this.worker === worker && this.jobs.size === 0) void this.stop();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  private forget(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.worker = null;
  }

  private drain(): Job[] {
    const jobs = [...this.jobs.values()];
    this.jobs.clear();
    return jobs;
  }
}

/** This process's one HEIC decoder. */
export const heicDecoder = new HeicDecoder();
