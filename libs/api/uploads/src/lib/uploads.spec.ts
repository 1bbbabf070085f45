import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { UPLOAD_MAX_BYTES } from '@blog/contracts';
import { router, type AppConfig } from '@blog/api/core';
import { createTestApp, createTestDatabase, DEMO_ASSETS_DIR, expectAdminOnly, signInAgents, testConfig, type TestDatabase } from '@blog/api/testing';
import { imageExtensionOf } from './uploads.service';
import { UploadsModule } from './uploads.module';
import { UploadsRouter } from './uploads.router';

type Agent = ReturnType<typeof request.agent>;
/** A database, its migrations, an app and sign-ins: slow on a loaded machine. */
const SETUP_TIMEOUT_MS = 60_000;
const GENERATED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(png|jpg|gif|webp|ico)$/;

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');
const PNG = readFileSync(join(DEMO_ASSETS_DIR, 'favicon.png'));
const JPEG = readFileSync(join(DEMO_ASSETS_DIR, 'demo-rain-over-sai-gon.jpg'));
const GIF = hex('474946383961 0100 0100 800000 000000 ffffff 21f90401000000002c000000000100010000020244 01003b');
const WEBP = Buffer.concat([Buffer.from('RIFF'), hex('24000000'), Buffer.from('WEBPVP8 '), hex('1800000030010009d012a0100010002003425a400037000fefb9400')]);
const ICO = hex('0000 0100 0100 1010 0000 0100 2000 6804 0000 1600 0000');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
const XML_SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
const HTML = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
const TEXT = Buffer.from('just some text, not an image');
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n');

/** A file of exactly `size` bytes that starts like a PNG. */
const pngOfSize = (size: number) => Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(size - 16)]);

describe('uploads (REST and tRPC)', () => {
  let database: TestDatabase;
  let config: AppConfig;
  let app: INestApplication;
  let anonymous: Agent;
  let member: Agent;
  let admin: Agent;

  const upload = (agent: Agent, bytes: Buffer, filename = 'image.png', contentType = 'image/png') =>
    agent.post('/api/upload').attach('image', bytes, { filename, contentType });
  const trpcUpload = (agent: Agent, bytes: Buffer, filename = 'image.png', contentType = 'image/png') =>
    agent.post('/trpc/uploads.image').attach('image', bytes, { filename, contentType });
  const stored = () => (existsSync(config.uploadDir) ? readdirSync(config.uploadDir) : []);

  beforeAll(async () => {
    database = await createTestDatabase();
    config = testConfig();
    app = await createTestApp(database, [UploadsModule], {
      config,
      trpc: (nest) => router({ uploads: nest.get(UploadsRouter).router }),
      signIn: true,
    });
    ({ anonymous, reader: member, admin } = await signInAgents(app, database));
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  describe('access: anonymous → 401, signed-in non-admin → 403, admin → 200', () => {
    it.each([
      ['POST /api/upload', upload],
      ['tRPC uploads.image', trpcUpload],
    ])('%s', async (door, send) => {
      const before = stored();
      await expectAdminOnly(door, (agent) => send(agent, PNG), { anonymous, reader: member });
      expect(stored()).toEqual(before);
      await send(admin, PNG).expect(200);
      expect(stored()).toHaveLength(before.length + 1);
    });
  });

  describe('POST /api/upload', () => {
    it('stores an image under a generated name and answers that name as plain text', async () => {
      const res = await upload(admin, PNG, 'My Logo.png').expect(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.text).toMatch(GENERATED_NAME);
      expect(res.text.endsWith('.png')).toBe(true);
      expect(readFileSync(join(config.uploadDir, res.text)).equals(PNG)).toBe(true);
    });

    it.each([
      ['a JPEG', JPEG, 'photo.jpeg', 'jpg'],
      ['a GIF', GIF, 'anim.gif', 'gif'],
      ['a WebP', WEBP, 'pic.webp', 'webp'],
      ['an ICO', ICO, 'favicon.ico', 'ico'],
      ['a PNG named .svg and declared SVG', PNG, 'drawing.svg', 'png'],
      ['a JPEG named .exe and declared as a program', JPEG, 'setup.exe', 'jpg'],
    ])('accepts %s by its bytes, stored with the extension of its real type', async (_case, bytes, filename, extension) => {
      const res = await upload(admin, bytes, filename, 'application/octet-stream').expect(200);
      expect(res.text).toMatch(GENERATED_NAME);
      expect(res.text.endsWith(`.${extension}`)).toBe(true);
      expect(readFileSync(join(config.uploadDir, res.text)).equals(bytes)).toBe(true);
    });

    it.each([
      ['an SVG named .png and declared PNG', SVG, 'logo.png', 'image/png'],
      ['an SVG with an XML declaration', XML_SVG, 'logo.svg', 'image/svg+xml'],
      ['an HTML page named .jpg', HTML, 'photo.jpg', 'image/jpeg'],
      ['a text file', TEXT, 'notes.txt', 'text/plain'],
      ['a PDF named .gif', PDF, 'doc.gif', 'image/gif'],
    ])('refuses %s with 415 in the JSON error shape, storing nothing', async (_case, bytes, filename, contentType) => {
      const before = stored();
      const res = await upload(admin, bytes, filename, contentType).expect(415);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: 'Only PNG, JPEG, GIF, WebP or ICO images are accepted',
        errors: [{ field: 'image', message: expect.any(String) }],
      });
      expect(stored()).toEqual(before);
    });

    it('accepts exactly 5 MB and refuses 5 MB + 1 byte with 413 in the JSON error shape', async () => {
      const atLimit = await upload(admin, pngOfSize(UPLOAD_MAX_BYTES)).expect(200);
      expect(readFileSync(join(config.uploadDir, atLimit.text)).length).toBe(UPLOAD_MAX_BYTES);

      const before = stored();
      const res = await upload(admin, pngOfSize(UPLOAD_MAX_BYTES + 1)).expect(413);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'The image must be at most 5 MB',
        errors: [{ field: 'image', message: expect.any(String) }],
      });
      expect(stored()).toEqual(before);
    });

    it('never turns the name sent into a path: ../ stays outside, the file lands in UPLOAD_DIR under a generated name', async () => {
      const marker = `escape-${Date.now()}`;
      for (const filename of [`../../${marker}.png`, `..\\..\\${marker}.png`, `/tmp/${marker}.png`, `../${marker}.svg`]) {
        const res = await upload(admin, PNG, filename).expect(200);
        expect(res.text).toMatch(GENERATED_NAME);
        expect(res.text).not.toContain(marker);
        expect(existsSync(join(config.uploadDir, res.text))).toBe(true);
      }
      for (const folder of [config.uploadDir, dirname(config.uploadDir), dirname(dirname(config.uploadDir)), tmpdir()]) {
        expect(readdirSync(folder).filter((name) => name.includes(marker))).toEqual([]);
      }
      expect(stored().every((name) => GENERATED_NAME.test(name))).toBe(true);
    });

    it('answers 400 naming image without a file, with a file in another field, or with two files', async () => {
      const before = stored();
      const cases = [
        admin.post('/api/upload').field('note', 'no file'),
        admin.post('/api/upload').send({ image: 'x.png' }),
        admin.post('/api/upload'),
        admin.post('/api/upload').attach('file', PNG, 'x.png'),
        admin.post('/api/upload').attach('image', PNG, 'a.png').attach('image', PNG, 'b.png'),
        upload(admin, Buffer.alloc(0)),
      ];
      for (const pending of cases) {
        const res = await pending.expect(400);
        expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', errors: [{ field: 'image', message: expect.any(String) }] });
      }
      expect(stored()).toEqual(before);
    });
  });

  describe('tRPC uploads.image (FormData)', () => {
    it('stores an image under a generated name and answers that name', async () => {
      const res = await trpcUpload(admin, PNG, 'drawing.svg', 'image/svg+xml').expect(200);
      const name = res.body.result.data as string;
      expect(name).toMatch(GENERATED_NAME);
      expect(name.endsWith('.png')).toBe(true);
      expect(readFileSync(join(config.uploadDir, name)).equals(PNG)).toBe(true);
    });

    it('refuses an SVG named .png with 415 and a text file with 415', async () => {
      const before = stored();
      for (const [bytes, filename] of [[SVG, 'logo.png'], [TEXT, 'a.txt']] as const) {
        const res = await trpcUpload(admin, bytes, filename).expect(415);
        expect(res.body.error.data).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', httpStatus: 415, fieldErrors: [{ field: 'image', message: expect.any(String) }] });
      }
      expect(stored()).toEqual(before);
    });

    it('refuses 5 MB + 1 byte with 413', async () => {
      const before = stored();
      const res = await trpcUpload(admin, pngOfSize(UPLOAD_MAX_BYTES + 1)).expect(413);
      expect(res.body.error.data).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 });
      expect(stored()).toEqual(before);
    });

    it('answers 400 without an image entry, or without FormData', async () => {
      const missing = await admin.post('/trpc/uploads.image').field('note', 'x').expect(400);
      expect(missing.body.error.data.fieldErrors).toEqual([{ field: 'image', message: expect.any(String) }]);
      const json = await admin.post('/trpc/uploads.image').send({ image: 'x.png' }).expect(400);
      expect(json.body.error.data.code).toBe('BAD_REQUEST');
    });
  });

  describe('imageExtensionOf', () => {
    it('recognises the accepted types by their first bytes only', () => {
      expect(imageExtensionOf(PNG)).toBe('png');
      expect(imageExtensionOf(JPEG)).toBe('jpg');
      expect(imageExtensionOf(GIF)).toBe('gif');
      expect(imageExtensionOf(WEBP)).toBe('webp');
      expect(imageExtensionOf(ICO)).toBe('ico');
      for (const bytes of [SVG, XML_SVG, HTML, TEXT, PDF, Buffer.alloc(0), Buffer.from([0x89, 0x50])]) {
        expect(imageExtensionOf(bytes)).toBeUndefined();
      }
    });
  });
});
