// Specs only: the shared test harness builds on this library, hence the dependency the layering rule would refuse.
import { createCategory, createPost, useTestDatabase } from '../../testing';
import type { CategoryEntity } from '../entities';
import { Publication1764640000000 } from './1764640000000-publication';
import { RelatedKeywords1764760000000 } from './1764760000000-related-keywords';

describe('the publication migration (drafts, scheduled posts, preview links)', () => {
  const database = useTestDatabase();
  let travel: CategoryEntity;
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => database.dataSource.query(sql, params);

  /** The counts the trigger keeps, and what counting the shown posts published or scheduled finds. */
  async function expectTrueCounts(): Promise<number> {
    const [kept] = await query<{ n: number }>(`SELECT COALESCE(sum(visible), 0)::int AS n FROM category_post_counts`);
    const [counted] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM posts WHERE status = 0 AND published_at IS NOT NULL`,
    );
    expect(kept.n).toBe(counted.n);
    return kept.n;
  }

  beforeAll(async () => {
    travel = await createCategory(database, { slug: 'travel' });
  });

  beforeEach(async () => {
    await query('DELETE FROM posts');
  });

  it('publishes the posts written before it when they were created, and lists them by their last change', async () => {
    const migration = new Publication1764640000000();
    // A later migration whose trigger reads `listed_at` and `published_at` goes first, as a real rollback would.
    const later = new RelatedKeywords1764760000000();
    const runner = database.dataSource.createQueryRunner();
    try {
      await later.down(runner);
      await migration.down(runner);
      await query(
        `INSERT INTO posts (category_id, title, slug, status, created_at, updated_at)
         VALUES ($1, 'Old', 'old-post', 0, '2024-01-01T00:00:00Z', '2024-06-01T00:00:00Z'),
                ($1, 'Old hidden', 'old-hidden', 1, '2024-02-01T00:00:00Z', '2024-02-01T00:00:00Z')`,
        [travel.id],
      );
      await migration.up(runner);
      await later.up(runner);
    } finally {
      await runner.release();
    }
    const rows = await query<{ slug: string; published_at: Date; listed_at: Date }>(
      `SELECT slug, published_at, listed_at FROM posts ORDER BY slug`,
    );
    expect(rows).toEqual([
      {
        slug: 'old-hidden',
        published_at: new Date('2024-02-01T00:00:00Z'),
        listed_at: new Date('2024-02-01T00:00:00Z'),
      },
      { slug: 'old-post', published_at: new Date('2024-01-01T00:00:00Z'), listed_at: new Date('2024-06-01T00:00:00Z') },
    ]);
    expect(await expectTrueCounts()).toBe(1);
  });

  it('publishes at once a post written without a publication time (the seed, psql, an older writer)', async () => {
    await query(`INSERT INTO posts (category_id, title, slug) VALUES ($1, 'Plain', 'plain')`, [travel.id]);
    const [row] = await query<{ published: boolean }>(
      `SELECT published_at <= now() AS published FROM posts WHERE slug = 'plain'`,
    );
    expect(row.published).toBe(true);
  });

  it('counts a post once it is published or scheduled, and no draft', async () => {
    const draft = await createPost(database, travel, { published_at: null });
    await createPost(database, travel);
    expect(await expectTrueCounts()).toBe(1);

    await query(`UPDATE posts SET published_at = now() + interval '1 day' WHERE id = $1`, [draft.id]);
    expect(await expectTrueCounts()).toBe(2);
    // Moving the time of a scheduled post changes nothing in the counts.
    await query(`UPDATE posts SET published_at = now() + interval '2 days' WHERE id = $1`, [draft.id]);
    expect(await expectTrueCounts()).toBe(2);
    await query(`UPDATE posts SET published_at = NULL WHERE id = $1`, [draft.id]);
    expect(await expectTrueCounts()).toBe(1);
    await query(`UPDATE posts SET published_at = now(), status = 1 WHERE id = $1`, [draft.id]);
    expect(await expectTrueCounts()).toBe(1);
    await query(`DELETE FROM posts`);
    expect(await expectTrueCounts()).toBe(0);
  });

  it('keeps listed_at, the later of the last change and the publication', async () => {
    const post = await createPost(database, travel, { updatedAt: new Date('2025-01-01T00:00:00Z') });
    await query(
      `UPDATE posts SET published_at = '2025-03-01T00:00:00Z', updated_at = '2025-01-01T00:00:00Z' WHERE id = $1`,
      [post.id],
    );
    const [row] = await query<{ listed_at: Date }>(`SELECT listed_at FROM posts WHERE id = $1`, [post.id]);
    expect(row.listed_at).toEqual(new Date('2025-03-01T00:00:00Z'));
  });
});
