import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import sharp from 'sharp';
import request from 'supertest';
import { createRootLogger, type AppConfig } from '@blog/api/core';
import { UploadsService } from '@blog/api/uploads';
import { imageFromFile, UploadStore } from '@blog/api/upload-storage';
import {
  createTestDatabase,
  createTestUser,
  DEMO_ASSETS_DIR,
  TEST_PASSWORD,
  testConfig,
  type TestDatabase,
} from '@blog/api/testing';
import { createApp } from './create-app';

const HOOK_TIMEOUT = 120_000;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const noise = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: 'black', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  });

/** Reads an answer's body as bytes, whatever its type. */
const binary = (req: request.Test) =>
  req.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });

interface LogLine {
  level: number;
  msg: string;
  context?: string;
}

describe('uploads shared by every instance: two servers on one database, each with its own cache', () => {
  let database: TestDatabase;
  let configs: [AppConfig, AppConfig];
  let apps: NestExpressApplication[] = [];
  const logs: LogLine[][] = [[], []];
  let phoneName: string;

  const http = (instance: 0 | 1) => request(apps[instance].getHttpServer());
  const get = (instance: 0 | 1, name: string) => binary(http(instance).get(`/uploads/${name}`));
  const rowBytes = async (name: string) =>
    (
      (await database.dataSource.query(`SELECT content FROM uploads WHERE name = $1`, [name])) as Array<{
        content: Buffer;
      }>
    )[0]?.content;

  /** One server as `npm start` makes it, logging (JSON) into `logs[instance]`. */
  const start = (instance: 0 | 1) =>
    createApp(configs[instance], database.url, {
      logger: false,
      rootLogger: createRootLogger(configs[instance], {
        write: (line: string) => void logs[instance].push(JSON.parse(line) as LogLine),
      }),
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    // Both instances were given the same old uploads folder (a volume they shared before).
    const first = testConfig({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
    configs = [first, testConfig({ LOG_LEVEL: 'info', LOG_FORMAT: 'json', UPLOAD_DIR: first.uploadDir })];
    expect(configs[0].uploadCacheDir).not.toBe(configs[1].uploadCacheDir);
    mkdirSync(first.uploadDir, { recursive: true });
    const phone = await noise(400, 200)
      .jpeg()
      .withExif({ IFD0: { Artist: 'EXIF-MARKER' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 46/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    phoneName = '3f0c7a4e-5b1d-4c2a-9e8f-0a1b2c3d4e5f.jpg';
    writeFileSync(join(first.uploadDir, phoneName), phone);
    writeFileSync(
      join(first.uploadDir, 'broken.png'),
      readFileSync(join(DEMO_ASSETS_DIR, 'favicon.png')).subarray(0, 60),
    );
    apps = [await start(0)];
    // The second starts once the first has imported: it finds everything stored.
    apps.push(await start(1));
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
    for (const config of configs ?? []) rmSync(config.dataDir, { recursive: true, force: true });
  });

  describe('import of UPLOAD_DIR on start', () => {
    it('stores an old phone photo under its own name, EXIF and GPS gone, upright; the second instance imports nothing new', async () => {
      const bytes = await rowBytes(phoneName);
      expect(bytes).toBeDefined();
      const stored = await sharp(bytes).metadata();
      expect(stored).toMatchObject({ format: 'jpeg', width: 200, height: 400 });
      expect(stored.exif).toBeUndefined();
      expect(stored.orientation).toBeUndefined();
      expect(bytes?.includes('EXIF-MARKER')).toBe(false);
      const summaries = logs.map((lines) =>
        lines.filter((line) => line.msg.startsWith('Upload import from')).map((line) => line.msg),
      );
      expect(summaries).toEqual([
        [`Upload import from ${configs[0].uploadDir}: 1 imported, 0 already stored, 1 skipped`],
        [`Upload import from ${configs[0].uploadDir}: 0 imported, 1 already stored, 1 skipped`],
      ]);
      // Served as it is stored, by either instance.
      const res = await get(1, phoneName).expect(200);
      expect((res.body as Buffer).equals(bytes as Buffer)).toBe(true);
    });

    it('logs the file that does not decode by its name, and carries on', async () => {
      const warning = logs[0].find((line) => line.msg.includes('skipped broken.png'));
      expect(warning).toMatchObject({ level: 40, context: 'UploadImport' });
      await get(0, 'broken.png').expect(404);
    });
  });

  describe('an upload on one instance', () => {
    let name: string;

    beforeAll(async () => {
      // Sent as the admin screens send it, to the first instance.
      await createTestUser(database, { email: 'owner@example.com', is_admin: true });
      const admin = request.agent(apps[0].getHttpServer());
      await admin.post('/api/auth/login').send({ email: 'owner@example.com', password: TEST_PASSWORD }).expect(200);
      const res = await admin
        .post('/api/upload')
        .attach('image', await noise(1000, 500).jpeg().toBuffer(), { filename: 'photo.jpg', contentType: 'image/jpeg' })
        .expect(200);
      name = res.text;
    }, HOOK_TIMEOUT);

    it('is served by the other, with its variants, the same bytes, immutable caching, an ETag and nosniff', async () => {
      const [fromFirst, fromSecond] = [await get(0, name).expect(200), await get(1, name).expect(200)];
      expect((fromSecond.body as Buffer).equals(fromFirst.body as Buffer)).toBe(true);
      expect((fromSecond.body as Buffer).equals((await rowBytes(name)) as Buffer)).toBe(true);
      for (const res of [fromFirst, fromSecond]) {
        expect(res.headers).toMatchObject({
          'content-type': 'image/jpeg',
          'cache-control': IMMUTABLE,
          'x-content-type-options': 'nosniff',
        });
        expect(res.headers['etag']).toEqual(expect.any(String));
      }
      for (const variant of [
        name.replace(/\.jpg$/, '-480.avif'),
        name.replace(/\.jpg$/, '-960.webp'),
        name.replace(/\.jpg$/, '-1000.webp'),
      ]) {
        const res = await get(1, variant).expect(200);
        expect(res.headers).toMatchObject({
          'content-type': `image/${variant.split('.').pop()}`,
          'cache-control': IMMUTABLE,
        });
        expect((await sharp(res.body as Buffer).metadata()).width).toBe(Number(/-(\d+)\./.exec(variant)?.[1]));
      }
    });

    it('answers HEAD with the headers and no body, and a matching If-None-Match with 304', async () => {
      const head = await http(1).head(`/uploads/${name}`).expect(200);
      expect(head.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'cache-control': IMMUTABLE,
        'x-content-type-options': 'nosniff',
      });
      expect(Number(head.headers['content-length'])).toBe(((await rowBytes(name)) as Buffer).length);
      expect(head.text ?? '').toBe('');
      const etag = head.headers['etag'] as string;
      await http(1).get(`/uploads/${name}`).set('If-None-Match', etag).expect(304);
    });

    it('is served from the cache once fetched: deleting its row leaves it served where it was cached', async () => {
      const cachedOnce = await apps[0].get(UploadsService).storeImage(await noise(64, 64).png().toBuffer());
      await get(0, cachedOnce).expect(200);
      expect(
        readFileSync(join(configs[0].uploadCacheDir, cachedOnce)).equals((await rowBytes(cachedOnce)) as Buffer),
      ).toBe(true);
      await database.dataSource.query(`DELETE FROM uploads WHERE name = $1`, [cachedOnce]);
      const again = await get(0, cachedOnce).expect(200);
      expect(again.headers['content-type']).toBe('image/png');
      // The other instance never cached it: it is gone for it.
      await get(1, cachedOnce).expect(404);
    });
  });

  describe('a variant an older upload does not have yet', () => {
    it('is made by the instance first asked, stored in PostgreSQL, and read from there by the other', async () => {
      const older = await imageFromFile(
        'older-photo.jpg',
        readFileSync(join(DEMO_ASSETS_DIR, 'demo-rain-over-sai-gon.jpg')),
      );
      await apps[0].get(UploadStore).insertIfAbsent(older);
      const made = await get(0, 'older-photo-480.webp').expect(200);
      expect(made.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': IMMUTABLE });
      expect(await sharp(made.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 480 });
      const variantRow = `FROM upload_variants v JOIN uploads u ON u.id = v.upload_id WHERE u.name = 'older-photo.jpg' AND v.width = 480 AND v.format = 'webp'`;
      const [stored] = (await database.dataSource.query(`SELECT v.content ${variantRow}`)) as Array<{
        content: Buffer;
      }>;
      expect(stored.content.equals(made.body as Buffer)).toBe(true);
      // Marked in the database: the other instance serves the stored variant, it does not make its own.
      const marked = await noise(480, 300).webp().toBuffer();
      await database.dataSource.query(
        `UPDATE upload_variants SET content = $1 WHERE (upload_id, width, format) IN (SELECT v.upload_id, v.width, v.format ${variantRow})`,
        [marked],
      );
      expect(((await get(1, 'older-photo-480.webp').expect(200)).body as Buffer).equals(marked)).toBe(true);
      // Never upscaled; a GIF or an unknown original has none.
      await get(1, 'older-photo-1600.avif').expect(404);
      await get(1, 'nothing-480.webp').expect(404);
    });
  });

  describe('an audio clip (served with byte ranges, as players ask)', () => {
    const MP3 = readFileSync(join(__dirname, '../../../../libs/api/uploads/src/lib/fixtures/silence.mp3'));
    let clip: string;

    beforeAll(async () => {
      clip = await apps[0].get(UploadsService).storeAudio(MP3);
    });

    it('is served whole with its type, immutable caching, an ETag, nosniff and Accept-Ranges', async () => {
      const res = await get(1, clip).expect(200);
      expect((res.body as Buffer).equals(MP3)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'audio/mpeg',
        'cache-control': IMMUTABLE,
        'x-content-type-options': 'nosniff',
        'accept-ranges': 'bytes',
      });
      expect(res.headers['etag']).toEqual(expect.any(String));
    });

    it('answers a range with 206 and Content-Range, an open-ended one too', async () => {
      const part = await binary(http(1).get(`/uploads/${clip}`).set('Range', 'bytes=100-199')).expect(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${MP3.length}`);
      expect(part.headers['content-type']).toBe('audio/mpeg');
      expect((part.body as Buffer).equals(MP3.subarray(100, 200))).toBe(true);
      // What a browser's <audio> asks first.
      const open = await binary(http(1).get(`/uploads/${clip}`).set('Range', 'bytes=0-')).expect(206);
      expect(open.headers['content-range']).toBe(`bytes 0-${MP3.length - 1}/${MP3.length}`);
      expect((open.body as Buffer).equals(MP3)).toBe(true);
    });

    it('answers an unsatisfiable range with 416 and the size', async () => {
      const res = await http(1).get(`/uploads/${clip}`).set('Range', `bytes=${MP3.length}-`).expect(416);
      expect(res.headers['content-range']).toBe(`bytes */${MP3.length}`);
    });

    it('honours If-Range: the range for the current ETag, the whole file for another', async () => {
      const { headers } = await http(1).head(`/uploads/${clip}`).expect(200);
      const etag = headers['etag'] as string;
      await binary(http(1).get(`/uploads/${clip}`).set('Range', 'bytes=0-9').set('If-Range', etag)).expect(206);
      const stale = await binary(
        http(1).get(`/uploads/${clip}`).set('Range', 'bytes=0-9').set('If-Range', '"another-version"'),
      ).expect(200);
      expect((stale.body as Buffer).equals(MP3)).toBe(true);
    });

    it('leaves images served as before, ranges included', async () => {
      const image = await apps[0].get(UploadsService).storeImage(await noise(64, 64).png().toBuffer());
      const whole = await get(1, image).expect(200);
      expect(whole.headers).toMatchObject({ 'content-type': 'image/png', 'cache-control': IMMUTABLE });
      const part = await binary(http(1).get(`/uploads/${image}`).set('Range', 'bytes=0-7')).expect(206);
      expect((part.body as Buffer).equals((whole.body as Buffer).subarray(0, 8))).toBe(true);
    });
  });

  describe('names', () => {
    it('answers 404 for an unknown name or anything that is not an upload name, never the web app or a file elsewhere', async () => {
      for (const path of [
        'missing.png',
        '..%2Fsecret-480.webp',
        '..%2F..%2Fpackage.json',
        '%2Fetc%2Fpasswd',
        '.hidden',
        'a%00b.png',
        '%E0%A4%A',
      ]) {
        await http(1).get(`/uploads/${path}`).expect(404);
      }
      await http(1).head('/uploads/missing.png').expect(404);
    });
  });
});
