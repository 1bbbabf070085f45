import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { LoadPageRendererOptions } from '@blog/api/pages';
import { PageCacheService } from '@blog/api/pages';
import { RedirectsService } from '@blog/api/redirects';
import { SESSION_COOKIE } from '@blog/api/security';
import { createTestDatabase, eventually, testConfig, type TestDatabase } from '@blog/api/testing';
import { createApp } from './create-app';

/**
 * A stand-in for the web's server entry (Jest cannot import the built ES module): a page with the
 * nonce in a script and a style, as the real ones carry it, and its address.
 */
jest.mock('@blog/api/pages', () => ({
  ...jest.requireActual('@blog/api/pages'),
  loadPageRenderer: async ({ noncePlaceholder }: LoadPageRendererOptions) => {
    rendered.length = 0;
    return async (url: string) => {
      rendered.push(url);
      return {
        status: 200,
        html:
          `<!doctype html><html><head><style nonce="${noncePlaceholder}">h1{}</style></head>` +
          `<body><h1>${url.replace(/</g, '&lt;')}</h1><script nonce="${noncePlaceholder}">1</script></body></html>`,
        procedures: ['posts.home'],
        renderPasses: 1,
        postIds: [],
      };
    };
  },
}));
/** The addresses the stand-in rendered. */
const rendered: string[] = [];
const FAVICON_ICO = Buffer.from([0, 0, 1, 0, 1, 0]);

/** The headers of an answer that differ on every answer by design. */
const PER_ANSWER = ['date', 'x-request-id', 'content-security-policy'];
const nonceOf = (res: request.Response) =>
  (res.headers['content-security-policy'] as string).match(/'nonce-([^']+)'/)?.[1] ?? '';
/** The header names in the order they were sent, and their values but those of each answer. */
const shapeOf = (res: request.Response) => ({
  names: Object.keys(res.headers),
  values: Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_ANSWER.includes(name))),
  policy: (res.headers['content-security-policy'] as string).replaceAll(nonceOf(res), 'NONCE'),
  body: res.text.replaceAll(nonceOf(res), 'NONCE'),
});

describe('cache hits answered before Express (createApp with the page renderer)', () => {
  let database: TestDatabase;
  let webDir: string;
  let app: NestExpressApplication;
  let expressHandled: jest.SpyInstance;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    database = await createTestDatabase();
    webDir = mkdtempSync(join(tmpdir(), 'blog-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    writeFileSync(join(webDir, 'favicon.ico'), FAVICON_ICO);
    mkdirSync(join(webDir, 'assets'));
    // The test's requests come from 127.0.0.1: a trusted proxy here, so that its request id is kept.
    const config = testConfig({ PAGE_CACHE_SIZE: '100', TRUST_PROXY: 'loopback' });
    app = await createApp(config, database.url, { webDir, serverDir: webDir, logger: false });
    await eventually(async () => expect(app.get(PageCacheService).cache.enabled).toBe(true));
    // Express's app function hands every request to its `handle` (not in its typings).
    expressHandled = jest.spyOn(app.getHttpAdapter().getInstance() as unknown as { handle: () => void }, 'handle');
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    app.get(PageCacheService).cache.clear();
    rendered.length = 0;
    expressHandled.mockClear();
  });

  it('sends a hit the same headers, in the same order, and the same bytes as the rendering Express sent', async () => {
    for (const encoding of ['gzip', 'identity']) {
      app.get(PageCacheService).cache.clear();
      const miss = await http().get('/posts?page=2&utm_source=x').set('Accept-Encoding', encoding).expect(200);
      expect(expressHandled).toHaveBeenCalledTimes(1);
      const hit = await http().get('/posts?page=2').set('Accept-Encoding', encoding).expect(200);
      // Not through Express: answered by the server's first listener.
      expect(expressHandled).toHaveBeenCalledTimes(1);
      expect(shapeOf(hit)).toEqual(shapeOf(miss));
      expect(hit.headers['content-encoding']).toBe(encoding === 'gzip' ? 'gzip' : undefined);
      expect(hit.headers['x-content-type-options']).toBe('nosniff');
      expect(hit.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
      // A fresh nonce in the policy and on every script and style, never the placeholder.
      expect(nonceOf(hit)).not.toBe(nonceOf(miss));
      expect(hit.text.split(`nonce="${nonceOf(hit)}"`)).toHaveLength(3);
      expect(hit.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expressHandled.mockClear();
    }
    expect(rendered).toEqual(['/posts?page=2', '/posts?page=2']);
  });

  it('answers 304 and HEAD from the cache too, and keeps a trusted proxy request id', async () => {
    const page = await http().get('/about').set('Accept-Encoding', 'gzip').expect(200);
    await http().get('/about').set('If-None-Match', page.headers['etag']).expect(304);
    const head = await http()
      .head('/about')
      .set('Accept-Encoding', 'gzip')
      .set('X-Request-Id', 'proxy-id-1234')
      .expect(200);
    expect(head.headers['x-request-id']).toBe('proxy-id-1234');
    expect(head.headers['content-length']).toBe(page.headers['content-length']);
    expect(expressHandled).toHaveBeenCalledTimes(1);
  });

  it("renders an inquiry's contact page for its visitor: never the cached plain page, never cached itself", async () => {
    const inquiry = '/contact?project=homestay&from=%2Fportfolio%2Fhomestay';
    await http().get('/contact').expect(200);
    await http().get(inquiry).expect(200);
    await http().get(inquiry).expect(200);
    expect(rendered).toEqual(['/contact', inquiry, inquiry]);
  });

  it('leaves to Express what a hit must not answer: signed-in visitors, private parameters, previews, redirects, other paths', async () => {
    await http().get('/contact').expect(200);
    await http().get('/old-page').expect(200);
    expressHandled.mockClear();
    await http().get('/contact').set('Cookie', `${SESSION_COOKIE}=s%3Aabc`).expect(200);
    await http().get('/contact?sent=1').expect(200);
    await http().get('/api/../contact').expect(404);
    await http().get('/api/homeData').expect(200);
    expect(expressHandled).toHaveBeenCalledTimes(4);
    expect(rendered).toEqual(['/contact', '/old-page', '/contact', '/contact?sent=1']);

    // A redirect added for a cached page wins over it, as before, and counts its hit once.
    await database.dataSource.query(
      `INSERT INTO redirects (from_path, to_path, status_code) VALUES ('/old-page', '/posts', 301)`,
    );
    await eventually(async () => expect(app.get(RedirectsService).hasRule('/old-page')).toBe(true));
    const moved = await http().get('/old-page').expect(301);
    expect(moved.headers['location']).toBe('/posts');
    await app.get(RedirectsService).flushHits();
    const [{ hits }] = await database.dataSource.query(`SELECT hits FROM redirects WHERE from_path = '/old-page'`);
    expect(hits).toBe(1);
  });

  it("answers /favicon.ico with the web build's icon, never as a page (browsers ask for it on the admin)", async () => {
    const icon = await http().get('/favicon.ico').expect(200);
    expect(icon.body).toEqual(FAVICON_ICO);
    expect(rendered).toEqual([]);
  });
});
