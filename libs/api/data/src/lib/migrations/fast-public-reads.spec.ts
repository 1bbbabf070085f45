import { POST_STATUS } from '@blog/contracts';
// Specs only: the shared test harness builds on this library, hence the dependency the layering rule would refuse.
import { createCategory, createPost, queryPlanOf, useTestDatabase } from '../../testing';
import type { CategoryEntity } from '../entities';

describe('the fast public reads migration', () => {
  const database = useTestDatabase();
  let travel: CategoryEntity;
  let poems: CategoryEntity;
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => database.dataSource.query(sql, params);

  beforeAll(async () => {
    travel = await createCategory(database, { slug: 'travel' });
    poems = await createCategory(database, { slug: 'poems' });
  });

  it('has run: the migration is recorded', async () => {
    const rows = await query<{ name: string }>('SELECT name FROM migrations');
    expect(rows.map((row) => row.name)).toContain('FastPublicReads1764100000000');
  });

  it('keeps title (A) and short content (B) in search_head: tags stripped, accents folded, no content', async () => {
    const post = await createPost(database, travel, {
      title: 'Học tiếng Anh',
      short_content: '<p>Mẹo <strong>nhỏ</strong></p>',
      content: '<p>Luyện nghe</p>',
    });
    const [row] = await query<{ head: string }>('SELECT search_head::text AS head FROM posts WHERE id = $1', [post.id]);
    expect(row.head).toBe(`'anh':3A 'hoc':1A 'meo':4B 'nho':5B 'tieng':2A`);
  });

  it('sets random_page_cost on the connections, so the planner prefers the indexes of data in memory', async () => {
    const [row] = await query<{ random_page_cost: string }>('SHOW random_page_cost');
    expect(row.random_page_cost).toBe('1.1');
  });

  describe('the visible post counts', () => {
    /** The counts as kept by the trigger, and as counting the posts finds them. */
    async function counts() {
      const kept = await query<{ category_id: number; visible: number }>(
        'SELECT category_id, visible FROM category_post_counts WHERE visible > 0 ORDER BY category_id',
      );
      const counted = await query<{ category_id: number; visible: number }>(
        `SELECT category_id, count(*)::int AS visible FROM posts WHERE status = 0 GROUP BY category_id ORDER BY category_id`,
      );
      return { kept, counted };
    }

    async function expectTrueCounts() {
      const { kept, counted } = await counts();
      expect(kept).toEqual(counted);
      return kept;
    }

    beforeEach(async () => {
      await query('DELETE FROM posts');
    });

    it('counts visible posts per category as they are created, hidden, shown, moved and deleted', async () => {
      const first = await createPost(database, travel);
      await createPost(database, travel);
      await createPost(database, poems);
      await createPost(database, poems, { status: POST_STATUS.hidden });
      expect(await expectTrueCounts()).toEqual([
        { category_id: travel.id, visible: 2 },
        { category_id: poems.id, visible: 1 },
      ]);

      await query('UPDATE posts SET status = $1 WHERE id = $2', [POST_STATUS.hidden, first.id]);
      expect(await expectTrueCounts()).toEqual([
        { category_id: travel.id, visible: 1 },
        { category_id: poems.id, visible: 1 },
      ]);

      await query('UPDATE posts SET status = $1, category_id = $2 WHERE id = $3', [
        POST_STATUS.visible,
        poems.id,
        first.id,
      ]);
      expect(await expectTrueCounts()).toEqual([
        { category_id: travel.id, visible: 1 },
        { category_id: poems.id, visible: 2 },
      ]);

      // Saving a post writes every column again: that changes nothing.
      await query('UPDATE posts SET title = title, status = status, category_id = category_id');
      await expectTrueCounts();

      await query('DELETE FROM posts WHERE category_id = $1', [poems.id]);
      expect(await expectTrueCounts()).toEqual([{ category_id: travel.id, visible: 1 }]);
    });

    it('counts rows written in bulk, and starts again from zero after TRUNCATE', async () => {
      await query(
        `INSERT INTO posts (category_id, title, slug, status)
         SELECT $1::int, 'Bulk ' || n, 'bulk-' || n, CASE WHEN n % 3 = 0 THEN 1 ELSE 0 END
         FROM generate_series(1, 30) AS n`,
        [travel.id],
      );
      expect(await expectTrueCounts()).toEqual([{ category_id: travel.id, visible: 20 }]);
      await query('UPDATE posts SET status = 0');
      expect(await expectTrueCounts()).toEqual([{ category_id: travel.id, visible: 30 }]);

      await query('TRUNCATE posts CASCADE');
      expect(await expectTrueCounts()).toEqual([]);
      await createPost(database, travel);
      expect(await expectTrueCounts()).toEqual([{ category_id: travel.id, visible: 1 }]);
    });

    it('drops the count of a deleted category', async () => {
      const empty = await createCategory(database);
      const post = await createPost(database, empty);
      await query('DELETE FROM posts WHERE id = $1', [post.id]);
      await query('DELETE FROM categories WHERE id = $1', [empty.id]);
      const rows = await query('SELECT * FROM category_post_counts WHERE category_id = $1', [empty.id]);
      expect(rows).toEqual([]);
    });
  });

  describe('plans', () => {
    beforeAll(async () => {
      await query('DELETE FROM posts');
      await query(
        `INSERT INTO posts (category_id, title, slug, short_content, content, status, updated_at)
         SELECT $1::int,
                CASE WHEN n % 7 = 0 THEN 'Học tiếng Anh bài ' || n ELSE 'Chuyến đi số ' || n END,
                'plan-post-' || n, '<p>Tóm tắt ' || n || '</p>', '<p>Nội dung bài viết số ' || n || '</p>',
                CASE WHEN n % 10 = 0 THEN 1 ELSE 0 END,
                timestamptz '2025-01-01' + n * interval '1 hour'
         FROM generate_series(1, 300) AS n`,
        [travel.id],
      );
      await query('ANALYZE posts');
    });

    const planOf = (sql: string, params: unknown[] = []) => queryPlanOf(database, sql, params);

    it('finds title and short content matches of visible posts on the search_head index', async () => {
      const plan = await planOf(
        // Out of the trash too, as `visiblePostSql` asks (the index covers live posts: migration Trash1764710000000).
        `SELECT id FROM posts WHERE status = $1 AND deleted_at IS NULL AND search_head @@ to_tsquery('simple', immutable_unaccent($2))`,
        [POST_STATUS.visible, 'tieng & anh:*'],
      );
      expect(plan).not.toContain('Seq Scan on posts');
      expect(plan).toContain('IDX_posts_search_head');
    });

    it('reads a count by its category, without reading the posts', async () => {
      const plan = await planOf('SELECT visible FROM category_post_counts WHERE category_id = $1', [travel.id]);
      expect(plan).toContain('Index Scan using category_post_counts_pkey');
      expect(plan).not.toMatch(/ on posts\b/);
    });
  });
});
