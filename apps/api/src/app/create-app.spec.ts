import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { categoryLinkSchema, DEFAULT_LANGUAGE, homeDataSchema, POST_STATUS } from '@blog/contracts';
import type { AppConfig } from '@blog/api/core';
import { GeneralInfoEntity, PostEntity } from '@blog/api/data';
import { seedFromConfig } from '@blog/api/seed';
import { createTestDatabase, DEMO_ASSETS_DIR, eventually, testConfig, type TestDatabase } from '@blog/api/testing';
import helmet from 'helmet';
import sharp from 'sharp';
import { createApp, headersSetBy } from './create-app';

const ONE_YEAR = 'max-age=31536000';
/** As the web build writes it: the build's nonce placeholder on its meta and its scripts. */
const SHELL_HEAD = '<!--app-head--><title>Blog test shell</title><!--/app-head-->';
const INDEX_HTML =
  `<!doctype html><html><head>${SHELL_HEAD}<meta property="csp-nonce" nonce="csp-nonce-placeholder">` +
  '<script type="module" src="/assets/app.js" nonce="csp-nonce-placeholder"></script></head><body><div id="root"></div></body></html>';
/** What the server puts there on sign-in and the admin for the seeded site. */
const SEEDED_SHELL_HEAD =
  '<!--app-head--><title>Phuong\'s Blog</title><link rel="icon" href="/uploads/favicon.png" /><!--/app-head-->';
const ADMIN_PASSWORD = 'a long enough password';
/** The nonce of an answer's policy. */
const nonceOf = (res: request.Response) =>
  (res.headers['content-security-policy'] as string).match(/'nonce-([^']+)'/)?.[1];
const APP_JS = 'console.log("the web app");\n';
const FAVICON_ICO = Buffer.from([0, 0, 1, 0, 1, 0]);

const trpcInput = (input: unknown) => encodeURIComponent(JSON.stringify(input));

/** A stand-in web build (`index.html` and one asset) in a temporary folder, removed by the caller. */
function writeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'blog-web-'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'favicon.ico'), FAVICON_ICO);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app.js'), APP_JS);
  return dir;
}

describe('the whole server (createApp)', () => {
  let database: TestDatabase;
  let config: AppConfig;
  let webDir: string;
  let app: NestExpressApplication;
  let visiblePosts: PostEntity[];

  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    database = await createTestDatabase();
    config = testConfig({ ADMIN_PASSWORD });
    await seedFromConfig(database.dataSource, config, { assetsDir: DEMO_ASSETS_DIR });
    // The spec's calls answer in the site's default language: the demo's Vietnamese posts are under /vi.
    visiblePosts = await database.dataSource.getRepository(PostEntity).find({
      where: { status: POST_STATUS.visible, language: DEFAULT_LANGUAGE },
      order: { updated_at: 'DESC', id: 'DESC' },
    });

    webDir = writeWebBuild();

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
      const res = await http()
        .get(`/trpc/posts.bySlug?input=${trpcInput({ slug: 'nope' })}`)
        .expect(404);
      expect(res.body.error.data).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404, path: 'posts.bySlug' });
      expect(res.body.error.message).toBe('Post not found');
    });

    it('answers a visible post by its slug like GET /api/homeData/:slug', async () => {
      const slug = visiblePosts[0].slug;
      const rest = await http().get(`/api/homeData/${slug}`).expect(200);
      const res = await http()
        .get(`/trpc/posts.bySlug?input=${trpcInput({ slug })}`)
        .expect(200);
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
    it('serves a seeded thumbnail as a long-cached, nosniff JPEG, from the database', async () => {
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
      // The image the seed stored (in PostgreSQL, re-encoded from the demo asset), as it is stored.
      const [stored] = (await database.dataSource.query(`SELECT content FROM uploads WHERE name = $1`, [
        thumbnail,
      ])) as Array<{ content: Buffer }>;
      expect((res.body as Buffer).equals(stored.content)).toBe(true);
      expect((await sharp(res.body as Buffer).metadata()).width).toBe(
        (await sharp(readFileSync(join(DEMO_ASSETS_DIR, thumbnail as string))).metadata()).width,
      );
    });

    it('makes a responsive variant of a seeded (older) upload when first asked for it, long-cached', async () => {
      const thumbnail = visiblePosts.find((post) => post.thumbnail?.endsWith('.jpg'))?.thumbnail as string;
      const variant = thumbnail.replace(/\.jpg$/, '-480.webp');
      for (let i = 0; i < 2; i++) {
        const res = await http().get(`/uploads/${variant}`).expect(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toContain(ONE_YEAR);
      }
      // Never upscaled: the seeded images are 800 pixels wide.
      await http()
        .get(`/uploads/${thumbnail.replace(/\.jpg$/, '-1600.avif')}`)
        .expect(404);
      await http().get('/uploads/..%2Fsecret-480.webp').expect(404);
    });

    it('answers 404 for a missing file, not the web app', async () => {
      const res = await http().get('/uploads/missing.png').expect(404);
      expect(res.text).not.toContain('Blog test shell');
    });
  });

  describe('redirects', () => {
    it('answers an old address with its redirect before the pages, with the security headers; never an /api path', async () => {
      // Written past the doors (as psql would): every instance hears of it and reloads its map.
      await database.dataSource.query(
        `INSERT INTO redirects (from_path, to_path, status_code) VALUES ('/old-address', '/posts', 301), ('/api/homeData', '/x', 301)`,
      );
      await eventually(async () => {
        await http().get('/old-address/').expect(301).expect('Location', '/posts');
      });
      const res = await http().head('/old-address?utm_source=x').expect(301);
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-request-id']).toBeTruthy();
      await http().get('/api/homeData').expect(200);
    });

    it('never leads off the site nor takes the place of its own pages, whatever rows the table holds', async () => {
      await database.dataSource.query(
        `INSERT INTO redirects (from_path, to_path, status_code) VALUES ('/login', 'https://evil.example/login', 302),
           ('/old-evil', '//evil.example/x', 302), ('/about', '/posts', 301), ('/old-kept', '/posts', 301)`,
      );
      // Heard with the row written beside them.
      await eventually(async () => {
        await http().get('/old-kept').expect(301).expect('Location', '/posts');
      });
      for (const path of ['/login', '/old-evil', '/about']) {
        const res = await http().get(path).expect(200);
        expect(res.headers['location']).toBeUndefined();
        // The web app's shell (sign-in's with the site's name in its head), not another page's.
        expect(res.text).toContain('<div id="root"></div>');
      }
    });
  });

  describe('the web app', () => {
    it('answers a client-side route with index.html, never stored', async () => {
      const res = await http().get('/some/client/route').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toBe(
        INDEX_HTML.replace(SHELL_HEAD, SEEDED_SHELL_HEAD).replaceAll('csp-nonce-placeholder', nonceOf(res) as string),
      );
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('gives sign-in and the admin a fresh nonce per answer, in the policy and on every script', async () => {
      const answers = [];
      for (const path of ['/login', '/login', '/admin/posts', '/reset-password', '/request-password']) {
        const res = await http().get(path).expect(200);
        const nonce = nonceOf(res) as string;
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        const policy = res.headers['content-security-policy'];
        expect(policy).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`);
        for (const directive of [
          "object-src 'none'",
          "base-uri 'none'",
          "frame-ancestors 'none'",
          "form-action 'self'",
        ]) {
          expect(policy).toContain(directive);
        }
        const scripts = res.text.match(/<script\b[^>]*>/g) ?? [];
        expect(scripts).toHaveLength(1);
        for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
        expect(res.text).not.toContain('csp-nonce-placeholder');
        expect(res.headers['cache-control']).toBe('no-store');
        answers.push(nonce);
      }
      expect(new Set(answers).size).toBe(answers.length);
    });

    it("titles sign-in and the admin with the site's name and links its favicon, or the app's own, which answers", async () => {
      const iconOf = (html: string) => html.match(/<link rel="icon" href="([^"]+)" \/>/)?.[1];
      for (const path of ['/login', '/admin/dashboard']) {
        const html = (await http().get(path).expect(200)).text;
        expect(html).toContain("<title>Phuong's Blog</title>");
        expect(html).not.toContain('Blog test shell');
        const icon = iconOf(html) as string;
        expect(icon).toBe('/uploads/favicon.png');
        expect((await http().get(icon).expect(200)).headers['content-type']).toBe('image/png');
      }

      const records = database.dataSource.getRepository(GeneralInfoEntity);
      const [info] = await records.find();
      await records.update(info.id, { favicon: null, site_name: 'Nhật ký <của> Lan' });
      try {
        await eventually(async () => {
          const html = (await http().get('/login').expect(200)).text;
          expect(html).toContain('<title>Nhật ký &lt;của&gt; Lan</title>');
          expect(iconOf(html)).toBe('/favicon.ico');
        });
        const icon = await http().get('/favicon.ico').expect(200);
        expect(icon.body).toEqual(FAVICON_ICO);
      } finally {
        await records.update(info.id, { favicon: info.favicon, site_name: info.site_name });
      }
    });

    it('serves its assets with a long cache', async () => {
      const res = await http().get('/assets/app.js').expect(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toContain(ONE_YEAR);
      expect(res.text).toBe(APP_JS);
    });

    it('names a request id on every answer, before the access log and the API too', async () => {
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
      const answers = await Promise.all(
        ['/assets/app.js', '/admin', '/api/homeData', '/trpc/posts.home'].map((path) => http().get(path)),
      );
      const ids = answers.map((res) => res.headers['x-request-id']);
      for (const id of ids) expect(id).toMatch(uuid);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('answers 404 for a missing asset, never index.html', async () => {
      const res = await http().get('/assets/missing-chunk.js').expect(404);
      expect(res.text).not.toContain('Blog test shell');
    });
  });
});

describe('the whole server (createApp): policies and caching', () => {
  let database: TestDatabase;
  let app: NestExpressApplication;
  let webDir: string;
  const http = () => request(app.getHttpServer());
  const trpcGet = (agent: ReturnType<typeof request.agent> | ReturnType<typeof http>, paths: string, input?: unknown) =>
    agent.get(`/trpc/${paths}${input === undefined ? '' : `?input=${trpcInput(input)}`}`);

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig({ ADMIN_PASSWORD, GTM_ID: 'GTM-AB12CD3', ADS_CONVERSION_ID: 'AW-123/abc' });
    await seedFromConfig(database.dataSource, config, { assetsDir: DEMO_ASSETS_DIR });
    webDir = writeWebBuild();
    app = await createApp(config, database.url, { webDir, logger: false });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  it('lets a page with tags reach Google where Google says its tags need', async () => {
    const policy = (await http().get('/login').expect(200)).headers['content-security-policy'];
    expect(policy).toMatch(
      /connect-src 'self' [^;]*https:\/\/www\.googletagmanager\.com[^;]*https:\/\/googleads\.g\.doubleclick\.net/,
    );
    expect(policy).toMatch(/frame-src [^;]*https:\/\/www\.googletagmanager\.com[^;]*https:\/\/td\.doubleclick\.net/);
  });

  it("serves the portfolio's feed, under the portfolio's pages, from the API, never the web app", async () => {
    const res = await http().get('/portfolio/rss.xml').expect(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.text).toContain('<rss version="2.0"');
  });

  it('gives answers that are not pages a policy that runs and loads nothing', async () => {
    for (const path of ['/api/homeData', '/trpc/posts.home', '/api/nope', '/rss.xml', '/portfolio/rss.xml']) {
      const res = await http().get(path);
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    }
  });

  it('lets public reads be cached as before', async () => {
    for (const res of [
      await http().get('/api/homeData').expect(200),
      await trpcGet(http(), 'posts.home').expect(200),
    ]) {
      expect(res.headers['cache-control']).toBeUndefined();
    }
  });

  it('marks every auth answer no-store, on both doors, refusals included', async () => {
    const answers = [
      await http().post('/api/auth/isAdmin').expect(200),
      await http().get('/api/auth/me').expect(401),
      await http().post('/api/auth/login').send({ email: 'nobody' }).expect(400),
      await http().post('/api/auth/login').send({ email: 'admin@example.com', password: 'wrong password' }).expect(401),
      await http().post('/api/auth/logout').expect(200),
      await http().post('/api/auth/reset-password').send({}).expect(400),
      await trpcGet(http(), 'auth.adminCheck').expect(200),
      await trpcGet(http(), 'auth.me').expect(401),
      await http().post('/trpc/auth.login').send({ email: 'nobody' }).expect(400),
      // One session answer in a batch of public reads: the whole batch.
      await trpcGet(http(), 'posts.home,auth.adminCheck', { 0: undefined, 1: undefined })
        .query({ batch: 1 })
        .expect(200),
    ];
    expect(answers.map((res) => `${res.request.url} ${res.headers['cache-control']}`)).toEqual(
      answers.map((res) => `${res.request.url} no-store`),
    );
  });

  it("marks the administrator's answers no-store, on both doors", async () => {
    const admin = request.agent(app.getHttpServer());
    const signIn = await admin
      .post('/api/auth/login')
      .send({ email: 'admin@example.com', password: ADMIN_PASSWORD })
      .expect(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const answers = [
      await admin.get('/api/posts').expect(200),
      await admin.get('/api/messages').expect(200),
      await admin.get('/api/auth/me').expect(200),
      await trpcGet(admin, 'posts.adminList', {}).expect(200),
      await trpcGet(admin, 'users.list').expect(200),
      await http().get('/api/users').expect(401),
    ];
    expect(answers.map((res) => `${res.request.url} ${res.headers['cache-control']}`)).toEqual(
      answers.map((res) => `${res.request.url} no-store`),
    );
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
