import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { SiteArchiveService } from '@blog/api/exports';
import { seedFromConfig } from '@blog/api/seed';
import { createTestDatabase, DEMO_ASSETS_DIR, testConfig, type TestDatabase } from '@blog/api/testing';
import { createApp } from './create-app';

const HOOK_TIMEOUT = 180_000;

/** A JSON answer without its ids (a restore gives records new ones). */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'id')
        .map(([key, item]) => [key, withoutIds(item)]),
    );
  }
  return value;
}

const binary = (req: request.Test) =>
  req.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('site archive round trip: the demo site exported, restored into a fresh database, reads the same', () => {
  const config = testConfig();
  let source: TestDatabase;
  let target: TestDatabase;
  let from: NestExpressApplication;
  let to: NestExpressApplication;

  beforeAll(async () => {
    source = await createTestDatabase();
    target = await createTestDatabase();
    await seedFromConfig(source.dataSource, config, { assetsDir: DEMO_ASSETS_DIR });
    from = await createApp(config, source.url, { logger: false });
    to = await createApp(testConfig(), target.url, { logger: false });
    const archive = join(mkdtempSync(join(tmpdir(), 'round-trip-')), 'site.zip');
    const output = createWriteStream(archive);
    await from.get(SiteArchiveService).export(output, { includeMessages: true });
    await finished(output);
    const report = await to.get(SiteArchiveService).restore(archive, { mode: 'skip', dryRun: false });
    expect(report.failed).toEqual([]);
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await from?.close();
    await to?.close();
    await source?.drop();
    await target?.drop();
  });

  const both = async (path: string) => {
    const [a, b] = await Promise.all([request(from.getHttpServer()).get(path), request(to.getHttpServer()).get(path)]);
    expect([path, b.status]).toEqual([path, a.status]);
    return [a, b] as const;
  };

  it('every public read answers the same (ids aside)', async () => {
    const slugs = (await source.dataSource.query('SELECT slug FROM posts ORDER BY id')) as Array<{ slug: string }>;
    const categories = (await source.dataSource.query('SELECT slug FROM categories ORDER BY id')) as Array<{
      slug: string;
    }>;
    expect(slugs.length).toBeGreaterThan(10);
    const projects = (await source.dataSource.query('SELECT slug FROM projects ORDER BY id')) as Array<{
      slug: string;
    }>;
    expect(projects.length).toBeGreaterThan(3);
    const paths = [
      '/api/projects',
      ...projects.map(({ slug }) => `/api/projects/${slug}`),
      '/api/gst-services',
      '/api/gst-testimonials',
      '/api/homeData',
      '/api/gst-categories',
      '/api/gst-about',
      '/api/gst-generalInfo',
      '/api/gst-postsPagination/1',
      '/api/gst-postsPagination/2',
      ...slugs.map(({ slug }) => `/api/homeData/${slug}`),
      ...categories.map(({ slug }) => `/api/gst-postsByCategory/${slug}/1`),
    ];
    for (const path of paths) {
      const [a, b] = await both(path);
      expect([path, withoutIds(b.body)]).toEqual([path, withoutIds(a.body)]);
    }
    for (const path of ['/sitemap.xml', '/rss.xml']) {
      const [a, b] = await both(path);
      expect(b.text).toBe(a.text);
    }
  });

  it('every upload is served byte for byte', async () => {
    const names = (await source.dataSource.query('SELECT name FROM uploads ORDER BY name')) as Array<{ name: string }>;
    expect(names.length).toBeGreaterThan(5);
    for (const { name } of names) {
      const [a, b] = await Promise.all([
        binary(request(from.getHttpServer()).get(`/uploads/${name}`)).expect(200),
        binary(request(to.getHttpServer()).get(`/uploads/${name}`)).expect(200),
      ]);
      expect([name, (b.body as Buffer).equals(a.body as Buffer)]).toEqual([name, true]);
      expect(b.headers['content-type']).toBe(a.headers['content-type']);
    }
  });

  it('holds no user: the restored site has none', async () => {
    expect(await target.dataSource.query('SELECT count(*)::int AS n FROM users')).toEqual([{ n: 0 }]);
  });
});
