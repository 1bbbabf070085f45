import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { UPLOAD_MAX_EDGE, UPLOAD_MAX_PIXELS } from '@blog/contracts';
import { useTestApp, type TestAgent as Agent } from '@blog/api/testing';
import { DECODE_RETRY_AFTER_SECONDS, largeDecodes } from '@blog/api/upload-storage';
import { UploadsModule } from './uploads.module';
import { UploadsRouter } from './uploads.router';

/** A real HEIC (see fixtures/README.md): 300×200, blue, a red 60×40 block in its top-left corner. */
const HEIC = readFileSync(join(__dirname, 'fixtures/photo-300x200.heic'));
/** A real 12-megapixel HEIC (4032×3024, an iPhone's), whose decoding takes a second or more. */
const LARGE_HEIC = readFileSync(join(__dirname, 'fixtures/photo-4032x3024.heic'));
const JPEG_NAME = /^[0-9a-f-]{36}\.jpg$/;

/** A photo-like JPEG of `width`×`height`: blue, a red block in its top-left corner (one tenth each way). */
const photo = (width: number, height: number, options: { orientation?: number } = {}) => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 60, g: 130, b: 200 } } })
    .composite([
      {
        input: {
          create: { width: width / 10, height: height / 10, channels: 3, background: { r: 255, g: 0, b: 0 } },
        },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 });
  return options.orientation ? image.withMetadata({ orientation: options.orientation }).toBuffer() : image.toBuffer();
};

/** The colour of one pixel of an encoded image. */
const pixelAt = async (bytes: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return { r: data[offset], g: data[offset + 1], b: data[offset + 2] };
};
const isRed = ({ r, g, b }: { r: number; g: number; b: number }) => r > 200 && g < 60 && b < 60;

describe('photos as they come from phones and cameras (POST /api/upload, tRPC uploads.image)', () => {
  const t = useTestApp([UploadsModule], {
    trpc: (nest) => ({ uploads: nest.get(UploadsRouter).router }),
    signIn: true,
  });

  const upload = (agent: Agent, bytes: Buffer, filename = 'IMG_0001.jpg', contentType = 'image/jpeg') =>
    agent.post('/api/upload').attach('image', bytes, { filename, contentType });
  const row = async (name: string) => {
    const [found] = (await t.database.dataSource.query(
      `SELECT content, content_type, width, height, original_width, original_height FROM uploads WHERE name = $1`,
      [name],
    )) as Array<{
      content: Buffer;
      content_type: string;
      width: number;
      height: number;
      original_width: number;
      original_height: number;
    }>;
    return found;
  };
  const count = async () =>
    Number(((await t.database.dataSource.query(`SELECT count(*) AS n FROM uploads`)) as Array<{ n: string }>)[0].n);

  it('accepts a 7 MB, 12-megapixel JPEG (refused with 413 at the old 5 MB) and stores it at 2560 px', async () => {
    const noisy = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: 'black',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(6.5 * 1024 * 1024);
    const res = await upload(t.admin, noisy).expect(200);
    expect(res.text).toMatch(JPEG_NAME);
    expect(await row(res.text)).toMatchObject({
      content_type: 'image/jpeg',
      width: UPLOAD_MAX_EDGE,
      height: 1920,
      original_width: 4000,
      original_height: 3000,
    });
  }, 120_000);

  it('accepts a 48-megapixel photo, upright (EXIF orientation 6) and downscaled to 2560 px on its long edge, its original size recorded', async () => {
    // 8000×6000 as the sensor wrote it, with the red block in its top-left corner; orientation 6 says
    // "turn 90° clockwise to show": upright it is 6000×8000 with the block in its top-right corner.
    const sideways = await photo(8000, 6000, { orientation: 6 });
    const res = await upload(t.admin, sideways).expect(200);
    const stored = await row(res.text);
    expect(stored).toMatchObject({ width: 1920, height: 2560, original_width: 6000, original_height: 8000 });
    const kept = await sharp(stored.content).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 1920, height: 2560 });
    expect(kept.orientation).toBeUndefined();
    expect(kept.exif).toBeUndefined();
    expect(isRed(await pixelAt(stored.content, 1920 - 20, 20))).toBe(true);
    expect(isRed(await pixelAt(stored.content, 20, 20))).toBe(false);
    // Its variants are made from the stored image: the largest is 1600 wide.
    const variants = (await t.database.dataSource.query(
      `SELECT v.width, v.height FROM upload_variants v JOIN uploads u ON u.id = v.upload_id WHERE u.name = $1 AND v.format = 'webp' ORDER BY v.width`,
      [res.text],
    )) as unknown[];
    expect(variants).toEqual([
      { width: 480, height: 640 },
      { width: 960, height: 1280 },
      { width: 1600, height: 2133 },
    ]);
  }, 120_000);

  it('keeps a smaller image at its own size (never upscaled), original size = stored size', async () => {
    const res = await upload(t.admin, await photo(1200, 800)).expect(200);
    expect(await row(res.text)).toMatchObject({ width: 1200, height: 800, original_width: 1200, original_height: 800 });
  });

  it('accepts a real 120-megapixel PNG at the limit; refuses one a row larger with 413 naming image', async () => {
    const atLimit = await sharp({ create: { width: 8000, height: 15_000, channels: 3, background: 'teal' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(8000 * 15_000).toBe(UPLOAD_MAX_PIXELS);
    const res = await upload(t.admin, atLimit, 'scan.png', 'image/png').expect(200);
    expect(await row(res.text)).toMatchObject({
      content_type: 'image/png',
      width: 1365,
      height: 2560,
      original_width: 8000,
      original_height: 15_000,
    });

    const over = await sharp({ create: { width: 8000, height: 15_001, channels: 3, background: 'teal' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const before = await count();
    const refused = await upload(t.admin, over, 'scan.png', 'image/png').expect(413);
    expect(refused.body).toMatchObject({
      statusCode: 413,
      message: 'The image must be at most 120 megapixels',
      errors: [{ field: 'image', message: 'must be at most 120 megapixels' }],
    });
    expect(await count()).toBe(before);
  }, 120_000);

  describe('HEIC (iPhone, Mac) converted to JPEG', () => {
    it('accepts a HEIC by its bytes, whatever its name, and stores it as a JPEG with its variants', async () => {
      const res = await upload(t.admin, HEIC, 'IMG_0042.HEIC', 'image/heic').expect(200);
      expect(res.text).toMatch(JPEG_NAME);
      const stored = await row(res.text);
      expect(stored).toMatchObject({
        content_type: 'image/jpeg',
        width: 300,
        height: 200,
        original_width: 300,
        original_height: 200,
      });
      expect(await sharp(stored.content).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
      expect(isRed(await pixelAt(stored.content, 10, 10))).toBe(true);
      expect(isRed(await pixelAt(stored.content, 290, 190))).toBe(false);
      const variants = (await t.database.dataSource.query(
        `SELECT v.width, v.format FROM upload_variants v JOIN uploads u ON u.id = v.upload_id WHERE u.name = $1 ORDER BY v.format`,
        [res.text],
      )) as unknown[];
      expect(variants).toEqual([
        { width: 300, format: 'avif' },
        { width: 300, format: 'webp' },
      ]);
    });

    it('takes a HEIC through tRPC too, named .png and declared as anything', async () => {
      const res = await t.admin
        .post('/trpc/uploads.image')
        .attach('image', HEIC, { filename: 'photo.png', contentType: 'application/octet-stream' })
        .expect(200);
      expect(res.body.result.data).toMatch(JPEG_NAME);
    });

    it('answers other requests while it decodes a 12-megapixel HEIC (decoded on a worker thread)', async () => {
      let done = false;
      const started = Date.now();
      const uploaded = upload(t.admin, LARGE_HEIC, 'IMG_0044.HEIC', 'image/heic').then((res) => {
        done = true;
        return res;
      });
      const latencies: number[] = [];
      while (!done) {
        const sent = Date.now();
        await t.anonymous.get('/api/nothing-here').expect(404);
        if (!done) latencies.push(Date.now() - sent);
      }
      const res = await uploaded;
      expect(res.status).toBe(200);
      expect(await row(res.text)).toMatchObject({ width: 2560, height: 1920, original_width: 4032 });
      // Decoded on the event loop, one request would wait the whole decode (a second or more, and most
      // of the upload). Loose bounds for a busy two-core machine.
      expect(Date.now() - started).toBeGreaterThan(300);
      expect(latencies.length).toBeGreaterThanOrEqual(3);
      expect(Math.max(...latencies)).toBeLessThan(1500);
    }, 120_000);

    it('refuses a truncated or damaged HEIC with 400 naming image, never a 5xx, storing nothing', async () => {
      const before = await count();
      const damaged = Buffer.from(HEIC);
      damaged.fill(0x5a, 300, 420);
      for (const bytes of [HEIC.subarray(0, 200), HEIC.subarray(0, HEIC.length - 100), damaged]) {
        const res = await upload(t.admin, bytes, 'IMG_0043.heic', 'image/heic');
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          statusCode: 400,
          errors: [{ field: 'image', message: expect.stringMatching(/could not be decoded/) }],
        });
      }
      expect(await count()).toBe(before);
    });

    it('refuses a HEIC whose header announces 20000×20000 pixels with 413, before decoding', async () => {
      const bomb = Buffer.from(HEIC);
      const ispe = bomb.indexOf('ispe');
      bomb.writeUInt32BE(20_000, ispe + 8);
      bomb.writeUInt32BE(20_000, ispe + 12);
      const rssBefore = process.memoryUsage().rss;
      const res = await upload(t.admin, bomb, 'bomb.heic', 'image/heic').expect(413);
      expect(res.body.errors).toEqual([{ field: 'image', message: 'must be at most 120 megapixels' }]);
      // 400 megapixels of RGBA would be 1.6 GB: nothing of the kind was allocated.
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(500 * 1024 * 1024);
    });
  });

  it('answers 503 with Retry-After naming image when too many large decodes wait; nothing is stored', async () => {
    const large = await photo(3000, 3000);
    // Takes the turn and fills the queue, as uploads arriving together would.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const occupied = Array.from({ length: largeDecodes.maxWaiting + 1 }, () => largeDecodes.run(() => held));
    try {
      const before = await count();
      const res = await upload(t.admin, large).expect(503);
      expect(res.headers['retry-after']).toBe(String(DECODE_RETRY_AFTER_SECONDS));
      expect(res.body).toMatchObject({ statusCode: 503, errors: [{ field: 'image', message: expect.any(String) }] });
      // A small image is not a large decode: it does not wait.
      await upload(t.admin, await photo(600, 400)).expect(200);
      expect(await count()).toBe(before + 1);
    } finally {
      release();
      await Promise.all(occupied);
    }
    // Once they are done, the same upload goes through.
    await upload(t.admin, large).expect(200);
  });
});
