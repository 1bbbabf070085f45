import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { Client } from 'pg';
import { openDataSource } from '@blog/api/data';
import { DEMO_ASSETS_DIR, startSystemPostgres, testConfig, type SystemPostgres } from '@blog/api/testing';
import { seedFromConfig } from '@blog/api/seed';
import { createApp } from './create-app';

jest.setTimeout(180_000);

const POST_SLUG = 'hoc-tieng-anh-giao-tiep-10-mau-cau-chao-hoi';

/**
 * `pg_dump` is the backup of a site on its own PostgreSQL: a dump made by the server's own `pg_dump`
 * must restore into an empty database, in both formats, and the site must work on the copy. A dump
 * restores with an empty `search_path`, so every function a generated column, an index, a trigger
 * or a constraint calls must name what it uses with its schema. The embedded server ships no
 * `pg_dump`: this runs on the PostgreSQL of the system's packages (Debian's in CI).
 */
describe('a pg_dump of the site restores into an empty database', () => {
  let server: SystemPostgres;
  let source: string;
  let dumpDir: string;

  beforeAll(async () => {
    server = await startSystemPostgres();
    dumpDir = mkdtempSync(join(tmpdir(), 'blog-dump-'));
    source = await server.createDatabase('site');
    const dataSource = await openDataSource(source);
    try {
      await seedFromConfig(dataSource, testConfig(), { assetsDir: DEMO_ASSETS_DIR });
    } finally {
      await dataSource.destroy();
    }
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    if (dumpDir) rmSync(dumpDir, { recursive: true, force: true });
  });

  it.each([
    [
      'plain',
      (file: string, url: string) =>
        server.client('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url, '-f', file]),
    ],
    ['custom', (file: string, url: string) => server.client('pg_restore', ['--exit-on-error', '-d', url, file])],
  ])('in the %s format, and the site works on the copy', async (format, restore) => {
    const file = join(dumpDir, `site.${format}`);
    await server.client('pg_dump', [`--format=${format}`, `--file=${file}`, source]);
    const copy = await server.createDatabase(`restored_${format}`);
    await restore(file, copy);

    const app = await createApp(testConfig(), copy, { logger: false });
    try {
      const http = () => request(app.getHttpServer());
      const post = await http().get(`/api/homeData/${POST_SLUG}`).expect(200);
      expect(post.body).toMatchObject({ slug: POST_SLUG });
      const search = await http()
        .get(`/api/searchPosts/${encodeURIComponent('chao hoi')}`)
        .expect(200);
      expect(JSON.stringify(search.body)).toContain(POST_SLUG);
      const related = await http().get(`/api/relatedPosts/${POST_SLUG}`).expect(200);
      expect(related.body.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it("keeps the triggers' tables right under the empty search_path a data-only restore writes with", async () => {
    const client = new Client({ connectionString: source });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL search_path = ''`);
      const counts = `SELECT sum(visible)::int AS visible FROM public.category_post_counts`;
      const before = (await client.query(counts)).rows[0].visible as number;
      const {
        rows: [{ id }],
      } = await client.query(
        `INSERT INTO public.posts (category_id, title, slug, meta_keywords)
         SELECT id, 'Dump', 'dump', 'Tiếng Anh, backup' FROM public.categories LIMIT 1 RETURNING id`,
      );
      expect((await client.query(counts)).rows[0].visible).toBe(before + 1);
      const keywords = `SELECT array_agg(keyword ORDER BY keyword) AS keywords FROM public.post_keywords WHERE post_id = $1`;
      expect((await client.query(keywords, [id])).rows[0].keywords).toEqual(['backup', 'tieng anh']);
      await client.query(`UPDATE public.posts SET status = 1 WHERE id = $1`, [id]);
      expect((await client.query(counts)).rows[0].visible).toBe(before);
      expect((await client.query(keywords, [id])).rows[0].keywords).toBeNull();
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end();
    }
  });
});
