import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { DEMO_ASSETS_DIR, expectAdminOnly, testConfig, useTestApp, type TestAgent as Agent } from '@blog/api/testing';
import { OEMBED_MAX_BYTES } from './video-poster.service';
import { UploadsModule } from './uploads.module';
import { UploadsRouter } from './uploads.router';

const GENERATED_NAME = /^[0-9a-f-]{36}\.(png|jpg|gif|webp|avif)$/;
const PNG = readFileSync(join(DEMO_ASSETS_DIR, 'favicon.png'));

describe('video posters (POST /api/upload/video-poster and tRPC uploads.videoPoster)', () => {
  /** Vimeo's oEmbed endpoint and its picture server, stood in by one allowed local server. */
  let vimeo: Server;
  let vimeoHost: string;
  /** Asked for each video id, in order. */
  const asked: string[] = [];

  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const rest = (agent: Agent, body: unknown) => agent.post('/api/upload/video-poster').send(body as object);
  const trpc = (agent: Agent, body: unknown) => agent.post('/trpc/uploads.videoPoster').send(body as object);
  const stored = async () =>
    ((await t.database.dataSource.query('SELECT name FROM uploads ORDER BY name')) as Array<{ name: string }>).map(
      (row) => row.name,
    );
  const json = (body: unknown) => JSON.stringify(body);

  beforeAll(async () => {
    vimeo = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/thumb.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      if (url.pathname !== '/api/oembed.json') return void res.writeHead(404).end();
      const id = /^https:\/\/vimeo\.com\/(\d+)$/.exec(url.searchParams.get('url') ?? '')?.[1] ?? '';
      asked.push(id);
      const good = {
        type: 'video',
        title: '  Hạ Long \u0007 Bay\n at dawn ',
        thumbnail_url: `http://${vimeoHost}/thumb.png`,
      };
      const answers: Record<string, () => void> = {
        '1': () => res.writeHead(200, { 'content-type': 'application/json' }).end(json(good)),
        '2': () => res.writeHead(404, { 'content-type': 'application/json' }).end(json({ domain_status_code: 403 })),
        '3': () => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Hello</h1>'),
        '4': () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"title": "cut'),
        '5': () => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(json({ ...good, html: 'x'.repeat(OEMBED_MAX_BYTES) }));
        },
        '6': () => res.writeHead(200, { 'content-type': 'application/json' }).end(json({ title: 'No picture' })),
        '7': () =>
          res
            .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
            .end(json({ ...good, title: undefined, thumbnail_url: 'http://169.254.169.254/latest/meta-data/' })),
        '8': () =>
          res.writeHead(200, { 'content-type': 'application/json' }).end(json({ ...good, thumbnail_url: 'file:///x' })),
      };
      (answers[id] ?? (() => res.writeHead(500).end()))();
    });
    vimeoHost = await listen(vimeo);
  });

  const t = useTestApp([UploadsModule], {
    config: () =>
      testConfig({
        IMAGE_IMPORT_ALLOWED_HOSTS: vimeoHost,
        VIMEO_OEMBED_ENDPOINT: `http://${vimeoHost}/api/oembed.json`,
      }),
    trpc: (nest) => ({ uploads: nest.get(UploadsRouter).router }),
    signIn: true,
  });

  afterAll(async () => {
    vimeo?.closeAllConnections();
    await new Promise((resolve) => vimeo?.close(resolve));
  });

  it.each([
    ['POST /api/upload/video-poster', rest],
    ['tRPC uploads.videoPoster', trpc],
  ])('%s: administrators only', async (door, send) => {
    const before = await stored();
    await expectAdminOnly(door, (agent) => send(agent, { provider: 'vimeo', id: '1' }), t);
    expect(await stored()).toEqual(before);
  });

  it("REST: asks Vimeo's oEmbed for the picture, stores it, and answers it with the title (cleaned)", async () => {
    const res = await rest(t.admin, { provider: 'vimeo', id: '1' }).expect(200);
    expect(res.body).toEqual({ name: expect.stringMatching(GENERATED_NAME), title: 'Hạ Long Bay at dawn' });
    const [row] = (await t.database.dataSource.query('SELECT content FROM uploads WHERE name = $1', [
      res.body.name,
    ])) as Array<{ content: Buffer }>;
    expect(await sharp(row.content).metadata()).toMatchObject({ format: 'png', width: 64, height: 64 });
    expect(asked.at(-1)).toBe('1');
  });

  it('tRPC: the same answer', async () => {
    const res = await trpc(t.admin, { provider: 'vimeo', id: '1' }).expect(200);
    expect(res.body.result.data).toEqual({ name: expect.stringMatching(GENERATED_NAME), title: 'Hạ Long Bay at dawn' });
    expect(await stored()).toContain(res.body.result.data.name);
  });

  it.each([
    [
      'a private or removed video (404)',
      '2',
      /^Vimeo has no public picture for this video \(.* answered HTTP 404: private or removed\)$/,
    ],
    ['an answer that is not JSON', '3', /answered text\/html, not JSON/],
    ['a JSON answer cut short', '4', /answered something that is not JSON/],
    ['an oversized answer', '5', /answer was too large to be oEmbed/],
    ['an answer without a picture', '6', /named no picture for this video/],
    ['a picture on a private address', '7', /is not a public address/],
    ['a picture that is not an http(s) address', '8', /named no picture for this video/],
    ['an unexpected error status', '9', /answered HTTP 500/],
  ])('refuses %s with a 400 naming id, on both doors, storing nothing', async (_case, id, reason) => {
    const before = await stored();
    const res = await rest(t.admin, { provider: 'vimeo', id }).expect(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      errors: [{ field: 'id', message: expect.stringMatching(reason) }],
    });
    expect(res.body.message).toEqual(res.body.errors[0].message);
    const viaTrpc = await trpc(t.admin, { provider: 'vimeo', id }).expect(400);
    expect(viaTrpc.body.error.data).toMatchObject({
      httpStatus: 400,
      fieldErrors: [{ field: 'id', message: expect.stringMatching(reason) }],
    });
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['no provider', { id: '1' }, 'provider', /provider must be one of youtube, vimeo/],
    ['an unknown provider', { provider: 'dailymotion', id: '1' }, 'provider', /must be one of/],
    ['no id', { provider: 'vimeo' }, 'id', /id is required/],
    ['a Vimeo id that is not digits', { provider: 'vimeo', id: 'abc' }, 'id', /must be a vimeo video id/],
    ['a YouTube id of the wrong shape', { provider: 'youtube', id: '123' }, 'id', /must be a youtube video id/],
    ['a NUL character', { provider: 'vimeo', id: '1\u0000' }, 'id', /NUL/],
  ])('answers 400 naming the field for %s, asking nobody', async (_case, body, field, message) => {
    const before = asked.length;
    const res = await rest(t.admin, body).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, errors: [{ field, message: expect.stringMatching(message) }] });
    const viaTrpc = await trpc(t.admin, body).expect(400);
    expect(viaTrpc.body.error.data).toMatchObject({
      httpStatus: 400,
      fieldErrors: [{ field, message: expect.stringMatching(message) }],
    });
    expect(asked.length).toBe(before);
  });
});
