import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { categoryLinkSchema, homeDataSchema, POST_STATUS } from '@blog/contracts';
import type { AppConfig } from '@blog/api/core';
import { PostEntity } from '@blog/api/data';
import { seedFromConfig } from '@blog/api/seed';
import { createTestDatabase, DEMO_ASSETS_DIR, testConfig, type TestDatabase } from '@blog/api/testing';
import helmet from 'helmet';
import { createApp, headersSetBy } from './create-app';

const ONE_YEAR = 'max-age=31536000';
const INDEX_HTML = '<!doctype html><html><head><title>Blog test shell</title></head><body><div id="root"></div></body></html>';
const APP_JS = 'console.log("the web app");\n';

const trpcInput = (input: unknown) => encodeURIComponent(JSON.stringify(input));

describe('the whole server (createApp)', () => {
  let database: TestDatabase;
  let config: AppConfig;
  let webDir: string;
  let app: NestExpressApplication;
  let visiblePosts: PostEntity[];

  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    database = await createTestDatabase();
    config = testConfig();
    await seedFromConfig(database.dataSource, config, { assetsDir: DEMO_ASSETS_DIR });
    visiblePosts = await database.dataSource.getRepository(PostEntity).find({
      where: { status: POST_STATUS.visible },
      order: { updated_at: 'DESC', id: 'DESC' },
    });

    webDir = mkdtempSync(join(tmpdir(), 'blog-web-'));
    writeFileSync(join(webDir, 'index.html'), INDEX_HTML);
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'assets', 'app.js'), APP_JS);

    app = await createApp(config, database.url, { webDir, logger: false });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  describe('REST under /api', () => {
    it('serves the seeded posts on GET /api/homeData, newest first', async () => {
      const res = await http().get('/api/homeData').expect(200);
      const { posts } = homeDataSchema.parse(res.body);
      expect(posts.length).toBeGreaterThan(0);
      expect(posts.map((post) => post.slug)).toEqual(visiblePosts.slice(0, posts.length).map((post) => post.slug));
    });

    it('answers 404 as JSON for an unknown API path', async () => {
      const res = await http().get('/api/nope').expect(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    });
  });

  describe('tRPC under /trpc', () => {
    it('answers posts.home with the same data as GET /api/homeData', async () => {
      const rest = await http().get('/api/homeData').expect(200);
      const res = await http().get('/trpc/posts.home').expect(200);
      expect(res.body).toEqual({ result: { data: rest.body } });
    });

    it('answers 404 with the NOT_FOUND code for an unknown post', async () => {
      const res = await http().get(`/trpc/posts.bySlug?input=${trpcInput({ slug: 'nope' })}`).expect(404);
      expect(res.body.error.data).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404, path: 'posts.bySlug' });
      expect(res.body.error.message).toBe('Post not found');
    });

    it('answers a visible post by its slug like GET /api/homeData/:slug', async () => {
      const slug = visiblePosts[0].slug;
      const rest = await http().get(`/api/homeData/${slug}`).expect(200);
      const res = await http().get(`/trpc/posts.bySlug?input=${trpcInput({ slug })}`).expect(200);
      expect(res.body.result.data).toEqual(rest.body);
    });

    it('answers a batch of calls in order', async () => {
      const slug = visiblePosts[1].slug;
      const res = await http()
        .get(`/trpc/categories.links,posts.bySlug?batch=1&input=${trpcInput({ 1: { slug } })}`)
        .expect(200);
      expect(res.body).toHaveLength(2);
      const links = (await http().get('/api/gst-categories').expect(200)).body;
      expect(categoryLinkSchema.array().parse(res.body[0].result.data)).toEqual(links);
      expect(res.body[1].result.data).toEqual((await http().get(`/api/homeData/${slug}`).expect(200)).body);
    });

    it('refuses a contact.send with a bad e-mail with 400 and field errors naming email', async () => {
      const res = await http()
        .post('/trpc/contact.send')
        .send({ name: 'An', email: 'not-an-email', phone: '', message: 'Hello' })
        .expect(400);
      expect(res.body.error.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
      expect(res.body.error.data.fieldErrors).toEqual([{ field: 'email', message: expect.any(String) }]);
    });

    it('accepts a valid contact.send', async () => {
      const res = await http()
        .post('/trpc/contact.send')
        .send({ name: 'An', email: 'an@example.com', message: 'Hello' })
        .expect(200);
      expect(res.body.result.data).toEqual({ id: expect.any(Number) });
    });
  });

  describe('uploads under /uploads', () => {
    it('serves a seeded thumbnail as a long-cached, nosniff JPEG', async () => {
      const thumbnail = visiblePosts.find((post) => post.thumbnail?.endsWith('.jpg'))?.thumbnail;
      expect(thumbnail).toEqual(expect.any(String));
      const res = await http()
        .get(`/uploads/${thumbnail}`)
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toContain(ONE_YEAR);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect((res.body as Buffer).equals(readFileSync(join(DEMO_ASSETS_DIR, thumbnail as string)))).toBe(true);
    });

    it('answers 404 for a missing file, not the web app', async () => {
      const res = await http().get('/uploads/missing.png').expect(404);
      expect(res.text).not.toContain('Blog test shell');
    });
  });

  describe('the web app', () => {
    it('answers a client-side route with index.html, not cached', async () => {
      const res = await http().get('/some/client/route').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toBe(INDEX_HTML);
      expect(res.headers['cache-control']).not.toContain(ONE_YEAR);
    });

    it('serves its assets with a long cache', async () => {
      const res = await http().get('/assets/app.js').expect(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toContain(ONE_YEAR);
      expect(res.text).toBe(APP_JS);
    });

    it('answers 404 for a missing asset, never index.html', async () => {
      const res = await http().get('/assets/missing-chunk.js').expect(404);
      expect(res.text).not.toContain('Blog test shell');
    });
  });
});

describe('headersSetBy', () => {
  it('collects the headers helmet sets on every response, so that the public pages send them too', () => {
    const headers = headersSetBy(helmet({ contentSecurityPolicy: false, strictTransportSecurity: false }));
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'SAMEORIGIN',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
    expect(headers).not.toHaveProperty('Strict-Transport-Security');
    expect(headers).not.toHaveProperty('Content-Security-Policy');
  });
});
