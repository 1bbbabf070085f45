import { POST_STATUS } from '@blog/contracts';
// Specs only: the shared test harness builds on this library, hence the dependency the layering rule would refuse.
import { createCategory, createPost, queryFailureOf, queryPlanOf, useTestDatabase } from '../../testing';
import type { CategoryEntity } from '../entities';

describe('the initial schema migration', () => {
  const database = useTestDatabase();
  let story: CategoryEntity;

  beforeAll(async () => {
    story = await createCategory(database, { slug: 'story', name: 'Story' });
    await createPost(database, story, { slug: 'first-post' });
  });

  it('has run: the migration is recorded', async () => {
    const rows: Array<{ name: string }> = await database.dataSource.query('SELECT name FROM migrations');
    expect(rows.map((row) => row.name)).toContain('InitialSchema1763800000000');
  });

  describe('constraints', () => {
    it('rejects a second category with the same slug', async () => {
      const error = await queryFailureOf(database, `INSERT INTO categories (name, slug) VALUES ('Another', 'story')`);
      expect(error).toMatchObject({ code: '23505', constraint: 'UQ_categories_slug' });
    });

    it('rejects a second post with the same slug', async () => {
      const error = await queryFailureOf(
        database,
        `INSERT INTO posts (category_id, title, slug) VALUES ($1, 'Copy', 'first-post')`,
        [story.id],
      );
      expect(error).toMatchObject({ code: '23505', constraint: 'UQ_posts_slug' });
    });

    it('rejects a post whose category does not exist', async () => {
      const error = await queryFailureOf(
        database,
        `INSERT INTO posts (category_id, title, slug) VALUES ($1, 'Orphan', 'orphan')`,
        [story.id + 1000],
      );
      expect(error).toMatchObject({ code: '23503', constraint: 'FK_posts_category' });
    });

    it('rejects a status other than 0 (visible) and 1 (hidden)', async () => {
      const error = await queryFailureOf(
        database,
        `INSERT INTO posts (category_id, title, slug, status) VALUES ($1, 'Odd', 'odd-status', 2)`,
        [story.id],
      );
      expect(error).toMatchObject({ code: '23514', constraint: 'CHK_posts_status' });
      // Both allowed values do pass.
      for (const status of [POST_STATUS.visible, POST_STATUS.hidden]) {
        await createPost(database, story, { slug: `status-${status}`, status });
      }
    });

    it('refuses to delete a category that still has posts', async () => {
      const error = await queryFailureOf(database, 'DELETE FROM categories WHERE id = $1', [story.id]);
      // 23001 restrict_violation (ON DELETE RESTRICT); 23503 would be NO ACTION's foreign_key_violation.
      expect(['23001', '23503']).toContain(error.code);
      expect(error.constraint).toBe('FK_posts_category');
      const [{ count }] = await database.dataSource.query(
        'SELECT count(*)::int AS count FROM categories WHERE id = $1',
        [story.id],
      );
      expect(count).toBe(1);
    });

    it('lets an empty category be deleted', async () => {
      const empty = await createCategory(database, { slug: 'empty' });
      await database.dataSource.query('DELETE FROM categories WHERE id = $1', [empty.id]);
      const [{ count }] = await database.dataSource.query(
        'SELECT count(*)::int AS count FROM categories WHERE id = $1',
        [empty.id],
      );
      expect(count).toBe(0);
    });
  });

  it('provides an immutable unaccent that strips Vietnamese diacritics', async () => {
    const [row] = await database.dataSource.query(`SELECT immutable_unaccent('Tiếng Việt đẹp') AS text`);
    expect(row.text).toBe('Tieng Viet dep');
    const [volatility] = await database.dataSource.query(
      `SELECT provolatile FROM pg_proc WHERE proname = 'immutable_unaccent'`,
    );
    expect(volatility.provolatile).toBe('i');
  });

  describe('indexes of the public queries', () => {
    let travel: CategoryEntity;
    let poems: CategoryEntity;

    beforeAll(async () => {
      travel = await createCategory(database, { slug: 'travel-index' });
      poems = await createCategory(database, { slug: 'poems-index' });
      // 200 posts over the two categories, one in ten hidden, with distinct update times.
      await database.dataSource.query(
        `INSERT INTO posts (category_id, title, slug, short_content, content, status, created_at, updated_at)
         SELECT CASE WHEN n % 2 = 0 THEN $1::int ELSE $2::int END,
                CASE WHEN n % 7 = 0 THEN 'Học tiếng Anh bài ' || n ELSE 'Chuyến đi số ' || n END,
                'index-post-' || n,
                '<p>Tóm tắt ' || n || '</p>',
                '<p>Nội dung bài viết số ' || n || ' với nhiều chữ hơn một chút.</p>',
                CASE WHEN n % 10 = 0 THEN 1 ELSE 0 END,
                timestamptz '2025-01-01' + n * interval '1 hour',
                timestamptz '2025-01-01' + n * interval '1 hour'
         FROM generate_series(1, 200) AS n`,
        [travel.id, poems.id],
      );
      await database.dataSource.query('ANALYZE posts');
      await database.dataSource.query('ANALYZE categories');
    });

    const planOf = (sql: string, params: unknown[] = []) => queryPlanOf(database, sql, params);

    it('sanity check: the plan reader does see a sequential scan where no index applies', async () => {
      const plan = await planOf(`SELECT id FROM posts WHERE meta_title = 'x'`);
      expect(plan).toContain('Seq Scan on posts');
    });

    it('pages the visible posts, newest first, without a sequential scan', async () => {
      const plan = await planOf(
        `SELECT p.*, c.name, c.slug FROM posts p JOIN categories c ON c.id = p.category_id
         WHERE p.status = $1 ORDER BY p.updated_at DESC, p.id DESC LIMIT 6 OFFSET 6`,
        [POST_STATUS.visible],
      );
      expect(plan).not.toContain('Seq Scan on posts');
      expect(plan).toMatch(/Index Scan.* on posts/);
    });

    it('pages the visible posts of one category without a sequential scan', async () => {
      const plan = await planOf(
        `SELECT p.*, c.name, c.slug FROM posts p JOIN categories c ON c.id = p.category_id
         WHERE p.status = $1 AND p.category_id = $2 ORDER BY p.updated_at DESC, p.id DESC LIMIT 6 OFFSET 6`,
        [POST_STATUS.visible, travel.id],
      );
      expect(plan).not.toContain('Seq Scan on posts');
    });

    it('finds a post by its slug without a sequential scan', async () => {
      // Out of the trash, as every read by slug asks (the unique index covers live posts: migration Trash1764710000000).
      const plan = await planOf(`SELECT * FROM posts WHERE slug = $1 AND status = $2 AND deleted_at IS NULL`, [
        'index-post-42',
        POST_STATUS.visible,
      ]);
      expect(plan).not.toContain('Seq Scan on posts');
      expect(plan).toContain('UQ_posts_slug');
    });

    it('runs the full-text search on its GIN index', async () => {
      const plan = await planOf(
        `SELECT id FROM posts WHERE search_vector @@ to_tsquery('simple', immutable_unaccent($1))`,
        ['tieng & anh:*'],
      );
      expect(plan).not.toContain('Seq Scan on posts');
      expect(plan).toContain('IDX_posts_search');
    });

    it('runs the public search (visible posts only) without a sequential scan', async () => {
      const plan = await planOf(
        `SELECT p.id FROM posts p JOIN categories c ON c.id = p.category_id
         WHERE p.status = $1 AND p.search_vector @@ to_tsquery('simple', immutable_unaccent($2))
         ORDER BY ts_rank(p.search_vector, to_tsquery('simple', immutable_unaccent($2))) DESC LIMIT 50`,
        [POST_STATUS.visible, 'tieng & anh:*'],
      );
      expect(plan).not.toContain('Seq Scan on posts');
    });

    it('the search finds the accented posts without accents', async () => {
      const rows: Array<{ count: number }> = await database.dataSource.query(
        `SELECT count(*)::int AS count FROM posts
         WHERE status = 0 AND search_vector @@ to_tsquery('simple', immutable_unaccent('tieng & anh:*'))`,
      );
      // n in 1..200 with n % 7 = 0 and n % 10 <> 0.
      const expected = Array.from({ length: 200 }, (_, i) => i + 1).filter((n) => n % 7 === 0 && n % 10 !== 0);
      expect(rows[0].count).toBe(expected.length);
    });
  });
});
