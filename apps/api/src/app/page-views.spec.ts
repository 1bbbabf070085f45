import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { dayIn, SITE_TIME_ZONE, STATS_BEACON_PATH } from '@blog/contracts';
import { createRootLogger } from '@blog/api/core';
import type { LoadPageRendererOptions } from '@blog/api/pages';
import { PageCacheService } from '@blog/api/pages';
import { NotFoundLogService } from '@blog/api/redirects';
import { ContactService } from '@blog/api/contact';
import { SESSION_COOKIE } from '@blog/api/security';
import { StatsRecorder, visitorHash } from '@blog/api/stats';
import {
  createCategory,
  createPost,
  createTestDatabase,
  eventually,
  LogCapture,
  testConfig,
  type TestDatabase,
} from '@blog/api/testing';
import { createApp } from './create-app';

/** A stand-in for the web's server entry (Jest cannot import the built ES module); `/missing` is a 404. */
jest.mock('@blog/api/pages', () => ({
  ...jest.requireActual('@blog/api/pages'),
  loadPageRenderer:
    async ({ noncePlaceholder }: LoadPageRendererOptions) =>
    async (url: string) => ({
      status: url.startsWith('/missing') ? 404 : 200,
      html: `<!doctype html><html><head></head><body><h1>page</h1><script nonce="${noncePlaceholder}">1</script></body></html>`,
      procedures: ['posts.home'],
      renderPasses: 1,
      postIds: [],
    }),
}));

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DAY_MS = 86_400_000;

describe('page views counted without cookies or personal data (createApp, the page cache, the beacon)', () => {
  let database: TestDatabase;
  let webDir: string;
  let app: NestExpressApplication;
  let stats: StatsRecorder;
  const logs = new LogCapture();
  const http = () => request(app.getHttpServer());
  /** A browser's GET (a user agent, a client address told by the trusted proxy). */
  const visit = (path: string, headers: Record<string, string> = {}) =>
    http()
      .get(path)
      .set({ 'User-Agent': BROWSER, 'X-Forwarded-For': '192.0.2.10', ...headers });
  const beacon = (report: object, headers: Record<string, string> = {}) =>
    http()
      .post(STATS_BEACON_PATH)
      .set({ 'User-Agent': BROWSER, 'X-Forwarded-For': '192.0.2.10', 'Content-Type': 'text/plain', ...headers })
      .send(JSON.stringify(report));
  /** The hits written (after the recorder's batch). */
  const hits = async (columns = 'kind, path') => {
    await stats.flush();
    return database.dataSource.query(`SELECT ${columns} FROM stats_hits ORDER BY id`);
  };
  const marksOf = async (day: string) =>
    (await database.dataSource.query(`SELECT count(*)::int AS n FROM stats_visitor_marks WHERE day = $1`, [day]))[0]
      .n as number;
  const today = () => dayIn(new Date(), SITE_TIME_ZONE);

  beforeAll(async () => {
    database = await createTestDatabase();
    const category = await createCategory(database, { name: 'Travel', slug: 'travel' });
    await createPost(database, category, { title: 'Hà Giang by motorbike' });
    webDir = mkdtempSync(join(tmpdir(), 'blog-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    mkdirSync(join(webDir, 'assets'));
    // Requests come from 127.0.0.1, a trusted proxy here: `X-Forwarded-For` tells each visitor's address.
    const config = testConfig({ PAGE_CACHE_SIZE: '100', TRUST_PROXY: 'loopback', LOG_LEVEL: 'debug' });
    app = await createApp(config, database.url, {
      webDir,
      serverDir: webDir,
      logger: false,
      rootLogger: createRootLogger(config, logs),
    });
    await eventually(async () => expect(app.get(PageCacheService).cache.enabled).toBe(true));
    stats = app.get(StatsRecorder);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await stats.flush();
    await database.dataSource.query(`DELETE FROM stats_hits`);
  });

  it('counts every page answered, rendered or from the cache, once per request (304 too, HEAD never)', async () => {
    const cache = app.get(PageCacheService).cache;
    cache.clear();
    const first = await visit('/about').expect(200);
    expect(cache.get('/about')).toBeDefined();
    await visit('/about').expect(200);
    await visit('/about').expect(200);
    await visit('/about', { 'If-None-Match': first.headers['etag'] }).expect(304);
    await http().head('/about').set('User-Agent', BROWSER).expect(200);
    expect(await hits()).toEqual(Array(4).fill({ kind: 'view', path: '/about' }));
  });

  it.each([
    ['a bot', { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
    ['no user agent', { 'User-Agent': '' }],
    ['the signed-in owner', { Cookie: `${SESSION_COOKIE}=s%3Aabc` }],
    ['a prefetch (Sec-Purpose)', { 'Sec-Purpose': 'prefetch;prerender' }],
    ['a prefetch (Purpose)', { Purpose: 'prefetch' }],
    ['Global Privacy Control', { 'Sec-GPC': '1' }],
    ['Do Not Track', { DNT: '1' }],
  ])('does not count %s, from the cache or not, nor its beacon', async (_who, headers) => {
    app.get(PageCacheService).cache.clear();
    await visit('/posts', headers).expect(200);
    await visit('/posts', headers).expect(200);
    await beacon({ kind: 'view', path: '/about' }, headers).expect(204);
    expect(await hits()).toEqual([]);
  });

  it('does not count a preview or a 404, which the 404 log still records', async () => {
    await visit('/preview/some-token').expect(200);
    await visit('/missing-page').expect(404);
    expect(await hits()).toEqual([]);
    await app.get(NotFoundLogService).flush();
    const logged = await database.dataSource.query(`SELECT path FROM not_found_hits`);
    expect(logged).toEqual([{ path: '/missing-page' }]);
  });

  it('records where an entry came from, the page without its other parameters, and searches with their results', async () => {
    await visit('/posts?page=2&utm_source=facebook&utm_campaign=tet', { Referer: 'https://l.facebook.com/' });
    await visit('/about', { Referer: 'https://www.google.com.vn/' });
    await visit('/about', { Referer: 'http://blog.test/posts' });
    await visit('/contact');
    await visit('/search?key=%20Giang%20');
    await visit('/search?key=nothing-here', { Referer: 'http://blog.test/search' });
    expect(await hits('path, entry, source, source_name, campaign, search_term, search_results')).toEqual([
      row('/posts?page=2', true, 'facebook', 'facebook', 'tet'),
      row('/about', true, 'search', 'google.com.vn'),
      row('/about', false, null, null),
      row('/contact', true, 'direct', null),
      { ...row('/search', true, 'direct', null), search_term: 'giang', search_results: 1 },
      { ...row('/search', false, null, null), search_term: 'nothing-here', search_results: 0 },
    ]);
  });

  it("adds the beacon's views in the browser, time on page and clicks out, and refuses what is not a report", async () => {
    await beacon({ kind: 'view', path: '/portfolio?stack=react&utm_source=x' }).expect(204);
    await beacon({ kind: 'engaged', path: '/portfolio?stack=react', ms: 12_500 }).expect(204);
    await beacon({ kind: 'outbound', path: '/contact', target: 'mailto' }).expect(204);
    await beacon({ kind: 'outbound', path: '/about', target: 'github.com' }).expect(204);
    expect(await hits('kind, path, entry, engaged_ms, target')).toEqual([
      { kind: 'view', path: '/portfolio?stack=react', entry: false, engaged_ms: null, target: null },
      { kind: 'engaged', path: '/portfolio?stack=react', entry: false, engaged_ms: 12_500, target: null },
      { kind: 'outbound', path: '/contact', entry: false, engaged_ms: null, target: 'mailto' },
      { kind: 'outbound', path: '/about', entry: false, engaged_ms: null, target: 'github.com' },
    ]);
    const refused = await beacon({ kind: 'engaged', path: '/about', ms: 'long' }).expect(400);
    expect(refused.body.errors).toEqual([{ field: 'ms', message: 'must be a number' }]);
    const notPath = await beacon({ kind: 'view', path: 'https://evil.example/' }).expect(400);
    expect(notPath.body.errors[0].field).toBe('path');
    await beacon({ kind: 'view', path: `/${'a'.repeat(5000)}` }).expect(413);
    const script = await http().get('/api/stats/beacon.js').expect(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=604800');
    expect(Buffer.byteLength(script.text)).toBeLessThanOrEqual(1024);
    expect(script.text).toContain(STATS_BEACON_PATH);
  });

  it("counts a day's visitors by marks under the day's own random salt; another day takes a new salt, never the old one", async () => {
    const yesterday = dayIn(new Date(Date.now() - DAY_MS), SITE_TIME_ZONE);
    await database.dataSource.query(
      `INSERT INTO stats_visitor_days (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING`,
      [yesterday, Buffer.alloc(32, 1)],
    );
    await visit('/about', { 'X-Forwarded-For': '192.0.2.201' });
    await visit('/posts', { 'X-Forwarded-For': '192.0.2.201' });
    await visit('/about', { 'X-Forwarded-For': '192.0.2.202' });
    await eventually(async () => {
      await stats.flush();
      expect(await marksOf(today())).toBeGreaterThanOrEqual(2);
    });
    expect(await marksOf(yesterday)).toBe(0);
    const saltOf = async (day: string) =>
      (await database.dataSource.query(`SELECT salt FROM stats_visitor_days WHERE day = $1`, [day]))[0]?.salt as
        Buffer | undefined;
    const todays = await saltOf(today());
    expect(todays).toHaveLength(32);
    expect(todays?.equals(Buffer.alloc(32, 1))).toBe(false);

    const tomorrow = dayIn(new Date(Date.now() + DAY_MS), SITE_TIME_ZONE);
    stats.now = () => Date.now() + DAY_MS;
    try {
      await visit('/about', { 'X-Forwarded-For': '192.0.2.201' });
      await eventually(async () => {
        await stats.flush();
        expect(await marksOf(tomorrow)).toBe(1);
      });
      const tomorrows = await saltOf(tomorrow);
      expect(tomorrows).toHaveLength(32);
      expect(tomorrows?.equals(todays as Buffer)).toBe(false);
    } finally {
      stats.now = () => Date.now();
      await database.dataSource.query(`DELETE FROM stats_visitor_days WHERE day IN ($1, $2)`, [yesterday, tomorrow]);
    }
  });

  it('stores the source of the visit that sent an inquiry, and nothing when the visit is not known', async () => {
    const visitor = { 'X-Forwarded-For': '192.0.2.77' };
    await visit('/portfolio', { ...visitor, Referer: 'https://l.facebook.com/l.php?u=x' }).expect(200);
    await visit('/contact', { ...visitor, Referer: 'http://blog.test/portfolio' }).expect(200);
    const message = { name: 'Lan', email: 'lan@example.com', message: 'A homestay site, please.' };
    // The entry's source is remembered once the day's salt is read (the first visit of a day waits for it).
    await eventually(async () => {
      await http()
        .post('/api/contact')
        .set({ 'User-Agent': BROWSER, ...visitor })
        .send(message)
        .expect(200);
      const [sent] = await database.dataSource.query(
        `SELECT visit_source, visit_source_name FROM contact_messages ORDER BY id DESC LIMIT 1`,
      );
      expect(sent).toEqual({ visit_source: 'facebook', visit_source_name: 'l.facebook.com' });
    });
    // The owner's inbox reads it as one source.
    const [inbox] = await app.get(ContactService).list({});
    expect(inbox.visit_source).toEqual({ source: 'facebook', name: 'l.facebook.com' });
    await http()
      .post('/api/contact')
      .set({ 'User-Agent': BROWSER, 'X-Forwarded-For': '192.0.2.78' })
      .send(message)
      .expect(200);
    const [unknown] = await database.dataSource.query(
      `SELECT visit_source, visit_source_name FROM contact_messages ORDER BY id DESC LIMIT 1`,
    );
    expect(unknown).toEqual({ visit_source: null, visit_source_name: null });
  });

  it("keeps the visitor's address, user agent and id out of every table and every log line", async () => {
    const address = '198.51.100.173';
    const agent = `${BROWSER} PrivacyProbe7Q`;
    const headers = { 'X-Forwarded-For': address, 'User-Agent': agent };
    app.get(PageCacheService).cache.clear();
    await visit('/posts', { ...headers, Referer: 'https://www.google.com/' }).expect(200);
    await visit('/posts', headers).expect(200);
    await visit('/search?key=privacy', headers).expect(200);
    await beacon({ kind: 'view', path: '/about' }, headers).expect(204);
    await beacon({ kind: 'engaged', path: '/about', ms: 3000 }, headers).expect(204);
    await beacon({ kind: 'outbound', path: '/about', target: 'example.org' }, headers).expect(204);
    await eventually(async () => {
      await stats.flush();
      expect(await hits()).toHaveLength(6);
      expect(await marksOf(today())).toBeGreaterThan(0);
    });
    const [{ salt }] = await database.dataSource.query(`SELECT salt FROM stats_visitor_days WHERE day = $1`, [today()]);
    const hash = visitorHash(salt, address, agent, 'blog.test');
    const tables: Array<{ name: string }> = await database.dataSource.query(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`,
    );
    let dump = '';
    for (const { name } of tables) {
      const rows: Array<{ row: string }> = await database.dataSource.query(
        `SELECT row_to_json(t)::text AS row FROM "${name}" t`,
      );
      dump += rows.map((entry) => entry.row).join('\n');
    }
    expect(dump).toContain('google.com');
    const log = logs.text.join('');
    expect(log).toContain('"level"');
    for (const secret of [address, 'PrivacyProbe7Q', hash.toString('hex'), hash.toString('base64')]) {
      expect(dump).not.toContain(secret);
      expect(log).not.toContain(secret);
    }
  });
});

function row(
  path: string,
  entry: boolean,
  source: string | null,
  sourceName: string | null,
  campaign: string | null = null,
) {
  return { path, entry, source, source_name: sourceName, campaign, search_term: null, search_results: null };
}
