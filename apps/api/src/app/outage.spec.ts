import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import {
  createCategory,
  createPost,
  createTestDatabase,
  createTestUser,
  eventually,
  startDatabaseProxy,
  TEST_PASSWORD,
  testConfig,
  type DatabaseProxy,
  type TestAgent,
  type TestDatabase,
} from '@blog/api/testing';
import { UploadEntity } from '@blog/api/data';
import { PageCacheService } from '@blog/api/pages';
import { createApp } from './create-app';

jest.setTimeout(90_000);

const INDEX_HTML =
  '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';

/**
 * A stand-in for the web's server entry (a Vite build this spec does not make, and an ES module Jest
 * would not load): it reads through the app's tRPC router in-process, as the real one does, and, as
 * the real one, answers 503 when a read failed on the server side (`apps/web/src/entry-server.spec.tsx`
 * checks that rule of the real one).
 */
jest.mock('@blog/api/pages', () => ({
  ...jest.requireActual('@blog/api/pages'),
  loadPageRenderer:
    async ({
      router,
    }: {
      router: { createCaller(ctx: object): { posts: { home(): Promise<{ posts: unknown[] }> } } };
    }) =>
    async () => {
      try {
        const { posts } = await router.createCaller({}).posts.home();
        return {
          status: 200,
          html: `<p>${posts.length} posts</p>`,
          procedures: ['posts.home'],
          renderPasses: 1,
          postIds: [],
        };
      } catch (error) {
        const code = (error as { code?: string }).code;
        return {
          status: code === 'SERVICE_UNAVAILABLE' ? 503 : 500,
          html: `<p>${code}</p>`,
          procedures: ['posts.home'],
          renderPasses: 1,
          postIds: [],
        };
      }
    },
}));

const trpcInput = (input: unknown) => encodeURIComponent(JSON.stringify(input));

/** What every answer during an outage looks like: 503, told when to try again, nothing of the cause. */
function expectUnavailable(res: request.Response): void {
  expect(res.status).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.text).not.toMatch(/Connection terminated|ECONN|timeout exceeded/);
}

describe('a database outage, through a TCP proxy the test cuts and restores (the whole server)', () => {
  let database: TestDatabase;
  let proxy: DatabaseProxy;
  let app: NestExpressApplication;
  let signedIn: TestAgent;
  let webDir: string;
  let serverDir: string;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    database = await createTestDatabase();
    const category = await createCategory(database, { name: 'Story', slug: 'story' });
    await createPost(database, category, { title: 'Hà Giang', slug: 'ha-giang' });
    const user = await createTestUser(database, { email: 'owner@example.com', is_admin: true });
    for (const name of ['cached.png', 'not-cached.png']) {
      await database.dataSource.getRepository(UploadEntity).insert({
        name,
        content: Buffer.from(name),
        content_type: 'image/png',
        width: 1,
        height: 1,
        original_width: 1,
        original_height: 1,
        byte_size: name.length,
      });
    }

    webDir = mkdtempSync(join(tmpdir(), 'blog-outage-web-'));
    writeFileSync(join(webDir, 'index.html'), INDEX_HTML);
    serverDir = mkdtempSync(join(tmpdir(), 'blog-outage-server-'));

    proxy = await startDatabaseProxy(database.url);
    app = await createApp(testConfig(), proxy.url, { webDir, serverDir, logger: false });
    signedIn = request.agent(app.getHttpServer());
    await signedIn.post('/api/auth/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
  }, 90_000);

  afterAll(async () => {
    proxy?.restore();
    await app?.close();
    await proxy?.close();
    await database?.drop();
    for (const dir of [webDir, serverDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** REST, tRPC, a server-rendered page and a signed-in request all answer normally. */
  async function expectEverythingAnswers(): Promise<void> {
    expect((await http().get('/api/homeData').expect(200)).body.posts).toHaveLength(1);
    await http().get('/trpc/posts.home').expect(200);
    expect((await http().get('/posts').expect(200)).text).toContain('1 posts');
    expect((await signedIn.get('/api/auth/me').expect(200)).body).toMatchObject({ email: 'owner@example.com' });
    await signedIn.get('/trpc/auth.me').expect(200);
    await http().get('/api/ready').expect(200);
  }

  it('answers normally while the database is up', async () => {
    await expectEverythingAnswers();
    // Now in this instance's disk cache.
    await http().get('/uploads/cached.png').expect(200);
  });

  it('answers 503 with Retry-After, never 500, while the database drops every connection', async () => {
    proxy.cut('down');

    const rest = await http().get('/api/homeData');
    expectUnavailable(rest);
    expect(rest.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    expectUnavailable(await http().get(`/api/homeData/ha-giang`));
    expectUnavailable(
      await http().post('/api/contact').send({ name: 'An', email: 'an@example.com', message: 'Hello' }),
    );
    // Writes behind a rate limiter whose counters are in PostgreSQL too.
    expectUnavailable(
      await http().post('/api/auth/login').send({ email: 'owner@example.com', password: TEST_PASSWORD }),
    );
    expectUnavailable(
      await http().post('/trpc/auth.login').send({ email: 'owner@example.com', password: TEST_PASSWORD }),
    );
    expectUnavailable(await http().post('/api/auth/request-password').send({ email: 'owner@example.com' }));

    const trpc = await http().get('/trpc/posts.home');
    expectUnavailable(trpc);
    expect(trpc.body.error.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
    const batch = await http().get(
      `/trpc/categories.links,posts.bySlug?batch=1&input=${trpcInput({ 1: { slug: 'ha-giang' } })}`,
    );
    expectUnavailable(batch);

    const page = await http().get('/posts');
    expectUnavailable(page);
    expect(page.headers['cache-control']).toBe('no-store');

    // The session store and Passport's user lookup fail in Express middleware, before any route:
    // Nest's error handler gives the error to the same filter, the same 503.
    const session = await signedIn.get('/api/auth/me');
    expectUnavailable(session);
    expect(session.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    expectUnavailable(await signedIn.get('/trpc/auth.me'));

    // An upload this instance has cached is still served, from disk; one it has not is a 503.
    expect((await http().get('/uploads/cached.png').expect(200)).headers['content-type']).toBe('image/png');
    expectUnavailable(await http().get('/uploads/not-cached.png'));

    // The probes go on answering, without the session.
    await signedIn.get('/api/health').expect(200);
    expect((await signedIn.get('/api/ready').expect(503)).body).toEqual({
      status: 'not ready',
      reason: 'database unavailable',
    });
  });

  it('answers 503 within the pool’s connection timeout, not a hang, while the database does not answer at all', async () => {
    proxy.cut('silent');
    const [rest, trpc, session] = await Promise.all([
      http().get('/api/homeData'),
      http().get('/trpc/posts.home'),
      signedIn.get('/api/auth/me'),
    ]);
    for (const res of [rest, trpc, session]) expectUnavailable(res);
  });

  it('answers normally again once the database is back, without a restart', async () => {
    proxy.restore();
    await eventually(expectEverythingAnswers, 30_000);
    // The page cache listens to content changes again (its connection had been cut, then hung).
    await eventually(async () => expect(app.get(PageCacheService).cache.enabled).toBe(true), 30_000);
  });
});
