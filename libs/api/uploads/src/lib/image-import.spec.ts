import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { UPLOAD_MAX_BYTES } from '@blog/contracts';
import { DEMO_ASSETS_DIR, expectAdminOnly, testConfig, useTestApp, type TestAgent as Agent } from '@blog/api/testing';
import { UploadsModule } from './uploads.module';
import { UploadsRouter } from './uploads.router';

const GENERATED_NAME = /^[0-9a-f-]{36}\.(png|jpg|gif|webp|avif)$/;
const PNG = readFileSync(join(DEMO_ASSETS_DIR, 'favicon.png'));
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('image import (POST /api/upload/import and tRPC uploads.importUrl)', () => {
  /** The allowed test server (IMAGE_IMPORT_ALLOWED_HOSTS) and one that is not allowed. */
  let images: Server;
  let imagesHost: string;
  let refused: Server;
  let refusedHost: string;

  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const rest = (agent: Agent, url: unknown) => agent.post('/api/upload/import').send({ url });
  const trpc = (agent: Agent, url: unknown) => agent.post('/trpc/uploads.importUrl').send({ url });
  /** The names of the stored originals (uploads live in PostgreSQL). */
  const stored = async () =>
    ((await t.database.dataSource.query('SELECT name FROM uploads ORDER BY name')) as Array<{ name: string }>).map(
      (row) => row.name,
    );
  const storedBytes = async (name: string) =>
    (
      (await t.database.dataSource.query('SELECT content FROM uploads WHERE name = $1', [name])) as Array<{
        content: Buffer;
      }>
    )[0].content;

  beforeAll(async () => {
    images = createServer((req, res) => {
      if (req.url === '/photo.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      if (req.url === '/drawing.svg') return void res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
      if (req.url === '/page') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hello</p>');
      if (req.url === '/huge.png') {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(UPLOAD_MAX_BYTES + 1) });
        return void res.write(PNG);
      }
      if (req.url === '/to-refused')
        return void res.writeHead(302, { location: `http://${refusedHost}/photo.png` }).end();
      res.writeHead(404).end();
    });
    refused = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
    imagesHost = await listen(images);
    refusedHost = await listen(refused);
  });

  // After the servers: the app may fetch from the one it is told to allow.
  const t = useTestApp([UploadsModule], {
    config: () => testConfig({ IMAGE_IMPORT_ALLOWED_HOSTS: imagesHost }),
    trpc: (nest) => ({ uploads: nest.get(UploadsRouter).router }),
    signIn: true,
  });

  afterAll(async () => {
    for (const server of [images, refused]) {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    }
  });

  it.each([
    ['POST /api/upload/import', rest],
    ['tRPC uploads.importUrl', trpc],
  ])('%s: administrators only', async (door, send) => {
    const before = await stored();
    await expectAdminOnly(door, (agent) => send(agent, `http://${imagesHost}/photo.png`), t);
    expect(await stored()).toEqual(before);
  });

  it('REST: stores the image re-encoded under a generated name, answered as plain text', async () => {
    const res = await rest(t.admin, `http://${imagesHost}/photo.png`).expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toMatch(GENERATED_NAME);
    expect(await sharp(await storedBytes(res.text)).metadata()).toMatchObject({ format: 'png', width: 64, height: 64 });
  });

  it('tRPC: stores the image and answers its name', async () => {
    const res = await trpc(t.admin, `http://${imagesHost}/photo.png`).expect(200);
    expect(res.body.result.data).toMatch(GENERATED_NAME);
    expect(await stored()).toContain(res.body.result.data);
  });

  it('answers an image already on this site by its name without fetching it', async () => {
    const res = await rest(t.admin, `${t.config.siteUrl}/uploads/0a1b2c3d-aaaa-4bbb-8ccc-0123456789ab.png`).expect(200);
    expect(res.text).toBe('0a1b2c3d-aaaa-4bbb-8ccc-0123456789ab.png');
  });

  it.each([
    [
      'a host that is not allowed (private address)',
      () => `http://${refusedHost}/photo.png`,
      400,
      /is not a public address/,
    ],
    [
      'a redirect to a host that is not allowed',
      () => `http://${imagesHost}/to-refused`,
      400,
      /is not a public address/,
    ],
    ['the metadata service', () => 'http://169.254.169.254/latest/meta-data/', 400, /is not a public address/],
    ['a page that is not an image', () => `http://${imagesHost}/page`, 400, /answered text\/html, not an image/],
    ['a missing image', () => `http://${imagesHost}/missing.png`, 400, /answered HTTP 404/],
    [
      'an SVG (not an accepted type)',
      () => `http://${imagesHost}/drawing.svg`,
      415,
      /must be a PNG, JPEG, GIF, WebP, AVIF or HEIC image/,
    ],
    ['an image over the upload limit', () => `http://${imagesHost}/huge.png`, 413, /must be at most 50 MB/],
  ])('refuses %s with a field error naming url, on both doors, storing nothing', async (_case, url, status, reason) => {
    const before = await stored();
    const res = await rest(t.admin, url()).expect(status);
    expect(res.body).toMatchObject({
      statusCode: status,
      errors: [{ field: 'url', message: expect.stringMatching(reason) }],
    });
    const viaTrpc = await trpc(t.admin, url()).expect(status);
    expect(viaTrpc.body.error.data).toMatchObject({
      httpStatus: status,
      fieldErrors: [{ field: 'url', message: expect.stringMatching(reason) }],
    });
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['no url', undefined, 'url is required'],
    ['an empty url', '  ', 'url is required'],
    ['a file: address', 'file:///etc/passwd', 'must be an http:// or https:// address'],
    ['a relative address', '/uploads/a.png', 'must be an http:// or https:// address'],
    ['a NUL character', 'http://example.com/\u0000.png', 'must not contain a NUL character'],
    ['a number', 42, 'url is required'],
  ])('answers 400 naming url for %s', async (_case, url, message) => {
    const res = await rest(t.admin, url).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, errors: [{ field: 'url', message }] });
    const viaTrpc = await trpc(t.admin, url).expect(400);
    expect(viaTrpc.body.error.data).toMatchObject({ httpStatus: 400, fieldErrors: [{ field: 'url', message }] });
  });
});
