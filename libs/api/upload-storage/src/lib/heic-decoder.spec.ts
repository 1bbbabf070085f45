import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HeicDecodeError, HeicDecoder } from './heic-decoder';

// The uploads' fixtures (see their README), read by path.
const FIXTURES = join(__dirname, '../../../uploads/src/lib/fixtures');
const SMALL = readFileSync(join(FIXTURES, 'photo-300x200.heic'));
const LARGE = readFileSync(join(FIXTURES, 'photo-4032x3024.heic'));
const MAX_PIXELS = 120_000_000;

describe('HeicDecoder (a worker thread)', () => {
  const decoder = new HeicDecoder();
  afterAll(() => decoder.stop());

  const reasonOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'decoded',
      (error: unknown) => (error instanceof HeicDecodeError ? error.reason : `unexpected ${String(error)}`),
    );

  it('decodes a HEIC photo to upright RGBA', async () => {
    const image = await decoder.decode(SMALL, MAX_PIXELS);
    expect([image.width, image.height, image.data.length]).toEqual([300, 200, 300 * 200 * 4]);
    const pixel = (x: number, y: number) => Array.from(image.data.subarray((y * 300 + x) * 4, (y * 300 + x) * 4 + 3));
    const [red, , blue] = pixel(10, 10);
    expect(red).toBeGreaterThan(200);
    expect(blue).toBeLessThan(60);
    expect(pixel(200, 150)[2]).toBeGreaterThan(150);
  });

  it('keeps the event loop free while it decodes: a timer goes on firing', async () => {
    let ticks = 0;
    let last = Date.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      const now = Date.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks++;
    }, 10);
    const started = Date.now();
    try {
      const image = await decoder.decode(LARGE, MAX_PIXELS);
      expect([image.width, image.height]).toEqual([4032, 3024]);
    } finally {
      clearInterval(timer);
    }
    const took = Date.now() - started;
    // Decoded on this thread, the timer would not fire once in those (one or more) seconds. The bounds
    // are loose: a busy two-core machine delays timers, never by the whole decode.
    expect(took).toBeGreaterThan(200);
    expect(ticks).toBeGreaterThanOrEqual(5);
    expect(longestGap).toBeLessThan(Math.max(took * 0.8, 100));
  });

  it('says a photo has too many pixels before decoding it, and a damaged one is undecodable', async () => {
    expect(await reasonOf(decoder.decode(LARGE, 4032 * 3024 - 1))).toBe('too-many-pixels');
    expect(await reasonOf(decoder.decode(SMALL.subarray(0, 200), MAX_PIXELS))).toBe('undecodable');
    expect(await reasonOf(decoder.decode(Buffer.from('not a photo at all, not even close'), MAX_PIXELS))).toBe(
      'undecodable',
    );
    // The worker is still there for the next photo.
    expect((await decoder.decode(SMALL, MAX_PIXELS)).width).toBe(300);
  });

  it('a worker that stops mid-photo fails that photo; the next photo gets a new worker', async () => {
    const pending = reasonOf(decoder.decode(LARGE, MAX_PIXELS));
    await decoder.stop();
    expect(await pending).toBe('undecodable');
    expect(decoder.running).toBe(false);
    expect((await decoder.decode(SMALL, MAX_PIXELS)).height).toBe(200);
  });

  it('stops an idle worker after a while (its WebAssembly memory goes with it)', async () => {
    const quick = new HeicDecoder(50);
    await quick.decode(SMALL, MAX_PIXELS);
    expect(quick.running).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(quick.running).toBe(false);
    await quick.stop();
  });
});
