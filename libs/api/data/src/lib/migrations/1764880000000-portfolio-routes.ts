import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `/portfolio` and `/services` became routes of the site, which no post's slug may be. A post that held
 * one moves to the first free `{slug}-{n}` (n from 2) and keeps the old slug in its history, so its old
 * address answers with a 301 until the route's page is built (the site's own page wins from then on).
 * Written out here, as a migration is history: a later route is a migration of its own.
 */
const TAKEN_ROUTES = ['portfolio', 'services'];

export class PortfolioRoutes1764880000000 implements MigrationInterface {
  name = 'PortfolioRoutes1764880000000';

  async up(q: QueryRunner): Promise<void> {
    const posts: { id: number; slug: string }[] = await q.query(
      `SELECT id, slug FROM posts WHERE slug = ANY($1) ORDER BY id`,
      [TAKEN_ROUTES],
    );
    for (const post of posts) {
      const [{ slug }]: { slug: string }[] = await q.query(
        `SELECT $1 || '-' || n AS slug FROM generate_series(2, 10000) AS n
          WHERE NOT EXISTS (SELECT 1 FROM posts WHERE slug = $1 || '-' || n)
            AND NOT EXISTS (SELECT 1 FROM slug_history WHERE post_id IS NOT NULL AND slug = $1 || '-' || n)
          ORDER BY n LIMIT 1`,
        [post.slug],
      );
      await q.query(`UPDATE posts SET slug = $1 WHERE id = $2`, [slug, post.id]);
      // As `recordSlugChange` does: the old slug now leads to this post, whoever had it before. Without
      // ON CONFLICT, whose target (the unique index of old post slugs) a later migration widened.
      await q.query(`DELETE FROM slug_history WHERE post_id IS NOT NULL AND slug = $1`, [post.slug]);
      await q.query(`INSERT INTO slug_history (slug, post_id) VALUES ($1, $2)`, [post.slug, post.id]);
    }
  }

  async down(): Promise<void> {
    // The renamed posts keep their new slugs: their old ones lead to them through the slug history.
  }
}
