import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  guardedFetch,
  GuardedFetchError,
  guardedPost,
  type GuardedFetchFailure,
  type GuardedFetchOptions,
} from './guarded-fetch';

// The demo favicon (libs/api/seed), read by path: the core library imports no domain.
const PNG = readFileSync(join(__dirname, '../../../seed/src/lib/assets/favicon.png'));
const MAX_BYTES = PNG.length * 4;

/** A test server on 127.0.0.1 (a private address: only an allow-list lets a fetch reach it). */
async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; host: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, host: `127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('guardedFetch', () => {
  let images: { server: Server; host: string };
  let other: { server: Server; host: string };
  const options = (allowedHosts: string[], extra: Partial<GuardedFetchOptions> = {}): GuardedFetchOptions => ({
    allowedHosts,
    maxBytes: MAX_BYTES,
    timeoutMs: 10_000,
    maxRedirects: 3,
    ...extra,
  });
  const failureOf = async (promise: Promise<unknown>): Promise<{ failure: GuardedFetchFailure; message: string }> => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(GuardedFetchError);
    return { failure: (error as GuardedFetchError).failure, message: (error as GuardedFetchError).message };
  };

  beforeAll(async () => {
    other = await listen((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
    images = await listen((req, res) => {
      switch (req.url) {
        case '/image.png':
          return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
        case '/oembed.json':
          return res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end('{"type":"video"}');
        case '/page':
          return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>no image here</p>');
        case '/missing.png':
          return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        case '/to-other':
          return res.writeHead(302, { location: `http://${other.host}/image.png` }).end();
        case '/to-localhost':
          return res.writeHead(301, { location: `http://localhost:${other.host.split(':')[1]}/image.png` }).end();
        case '/to-metadata':
          return res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        case '/to-self':
          return res.writeHead(302, { location: '/image.png' }).end();
        case '/loop':
          return res.writeHead(302, { location: '/loop' }).end();
        case '/declared-large':
          // Declares more than the limit: refused before any of the body is read.
          res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(MAX_BYTES + 1) });
          return res.write(PNG);
        case '/streamed-large': {
          // No Content-Length (chunked): only counting while reading finds it too large.
          res.writeHead(200, { 'content-type': 'image/png' });
          res.write(PNG);
          const chunk = Buffer.alloc(PNG.length);
          for (let sent = PNG.length; sent <= MAX_BYTES; sent += chunk.length) res.write(chunk);
          return res.end(chunk);
        }
        case '/never':
          return; // never answers
        default:
          return res.writeHead(404).end();
      }
    });
  });

  afterAll(async () => {
    for (const { server } of [images, other]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses a private address unless the allow-list names its host', async () => {
    const refused = await failureOf(guardedFetch(`http://${images.host}/image.png`, options([])));
    expect(refused).toEqual({ failure: 'not-allowed', message: expect.stringContaining('is not a public address') });
    // Another port of the same address is another host.
    expect((await failureOf(guardedFetch(`http://${images.host}/image.png`, options([other.host])))).failure).toBe(
      'not-allowed',
    );
    expect(await guardedFetch(`http://${images.host}/image.png`, options([images.host]))).toEqual(PNG);
    // A host named without a port allows every port.
    expect(await guardedFetch(`http://${images.host}/image.png`, options(['127.0.0.1']))).toEqual(PNG);
  });

  it('checks the address a host name resolves to (localhost is loopback)', async () => {
    const port = images.host.split(':')[1];
    expect((await failureOf(guardedFetch(`http://localhost:${port}/image.png`, options([])))).failure).toBe(
      'not-allowed',
    );
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/a.png',
    'http://[::1]/a.png',
    'http://[::ffff:127.0.0.1]/a.png',
    'http://0.0.0.0/a.png',
  ])('refuses %s (link-local, private, loopback, mapped, unspecified)', async (url) => {
    expect((await failureOf(guardedFetch(url, options([])))).failure).toBe('not-allowed');
  });

  it.each(['ftp://example.com/a.png', 'file:///etc/passwd', 'data:image/png;base64,AAAA'])(
    'refuses the scheme of %s',
    async (url) => {
      expect(await failureOf(guardedFetch(url, options([images.host])))).toEqual({
        failure: 'not-allowed',
        message: expect.stringContaining('only http and https'),
      });
    },
  );

  it('refuses a redirect to a private address, each hop checked again', async () => {
    for (const path of ['/to-other', '/to-localhost', '/to-metadata']) {
      expect((await failureOf(guardedFetch(`http://${images.host}${path}`, options([images.host])))).failure).toBe(
        'not-allowed',
      );
    }
    // The same redirect is followed when its target is allowed too.
    expect(await guardedFetch(`http://${images.host}/to-other`, options([images.host, other.host]))).toEqual(PNG);
    expect(await guardedFetch(`http://${images.host}/to-self`, options([images.host]))).toEqual(PNG);
  });

  it('follows a few redirects only', async () => {
    expect(await failureOf(guardedFetch(`http://${images.host}/loop`, options([images.host])))).toEqual({
      failure: 'too-many-redirects',
      message: 'more than 3 redirects',
    });
  });

  it('refuses a body over the limit, whether declared or streamed', async () => {
    expect(
      (await failureOf(guardedFetch(`http://${images.host}/declared-large`, options([images.host])))).failure,
    ).toBe('too-large');
    expect(
      (await failureOf(guardedFetch(`http://${images.host}/streamed-large`, options([images.host])))).failure,
    ).toBe('too-large');
  });

  it('refuses an answer that is not an image, and an error status', async () => {
    expect(await failureOf(guardedFetch(`http://${images.host}/page`, options([images.host])))).toEqual({
      failure: 'not-an-image',
      message: `${images.host} answered text/html, not an image`,
    });
    expect(await failureOf(guardedFetch(`http://${images.host}/missing.png`, options([images.host])))).toEqual({
      failure: 'http-status',
      message: `${images.host} answered HTTP 404`,
    });
  });

  it("with expect: 'json', takes a JSON answer and refuses an image or a page", async () => {
    const json = options([images.host], { expect: 'json' });
    expect((await guardedFetch(`http://${images.host}/oembed.json`, json)).toString()).toBe('{"type":"video"}');
    expect(await failureOf(guardedFetch(`http://${images.host}/image.png`, json))).toEqual({
      failure: 'not-json',
      message: `${images.host} answered image/png, not JSON`,
    });
    expect((await failureOf(guardedFetch(`http://${images.host}/page`, json))).failure).toBe('not-json');
    expect((await failureOf(guardedFetch(`http://${images.host}/oembed.json`, options([images.host])))).failure).toBe(
      'not-an-image',
    );
  });

  it('gives up after its time limit', async () => {
    expect(
      await failureOf(guardedFetch(`http://${images.host}/never`, options([images.host], { timeoutMs: 1000 }))),
    ).toEqual({
      failure: 'timeout',
      message: `${images.host} took too long to answer`,
    });
  });

  it('reports a host that cannot be reached', async () => {
    const closed = await listen(() => undefined);
    await new Promise((resolve) => closed.server.close(resolve));
    expect((await failureOf(guardedFetch(`http://${closed.host}/a.png`, options([closed.host])))).failure).toBe(
      'unreachable',
    );
  });
});

describe('guardedPost', () => {
  let receiver: { server: Server; host: string };
  const received: Array<{ method?: string; headers: Record<string, unknown>; body: string }> = [];

  beforeAll(async () => {
    receiver = await listen((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ method: req.method, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (req.url === '/moved') res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
        else if (req.url === '/slow')
          return; // never answers
        else if (req.url === '/long') res.end('x'.repeat(5_000));
        else res.writeHead(202).end('queued');
      });
    });
  });
  afterAll(() => {
    receiver.server.closeAllConnections();
    return new Promise((resolve) => receiver.server.close(resolve));
  });
  beforeEach(() => void (received.length = 0));

  const post = (path: string, allowedHosts = ['127.0.0.1'], timeoutMs = 5_000) =>
    guardedPost(`http://${receiver.host}${path}`, '{"a":1}', {
      allowedHosts,
      timeoutMs,
      headers: { 'content-type': 'application/json', 'x-test': 'yes' },
    });

  it('posts the body with its headers and answers the status and the start of the answer', async () => {
    await expect(post('/hook')).resolves.toEqual({ status: 202, body: 'queued' });
    expect(received).toEqual([
      {
        method: 'POST',
        headers: expect.objectContaining({
          'content-type': 'application/json',
          'x-test': 'yes',
          'content-length': '7',
        }),
        body: '{"a":1}',
      },
    ]);
    expect((await post('/long')).body).toHaveLength(1024);
  });

  it('answers a redirect as it is, never following it', async () => {
    await expect(post('/moved')).resolves.toEqual({ status: 302, body: '' });
    expect(received).toHaveLength(1);
  });

  it('refuses a private address unless allowed, and gives up after its time', async () => {
    const refused = await post('/hook', []).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GuardedFetchError);
    expect((refused as GuardedFetchError).failure).toBe('not-allowed');
    expect(received).toHaveLength(0);
    const late = await post('/slow', ['127.0.0.1'], 300).catch((error: unknown) => error);
    expect((late as GuardedFetchError).failure).toBe('timeout');
    await expect(guardedPost('file:///etc/passwd', '', { headers: {}, timeoutMs: 100 })).rejects.toThrow(
      'only http and https addresses can be called',
    );
  });
});
