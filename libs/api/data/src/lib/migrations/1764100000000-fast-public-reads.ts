import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keeps the public reads flat in the number of posts.
 *
 * Search: ranking every match of a common word means reading (detoasting) thousands of large
 * `search_vector`s. `search_head` is the small part of it, title (A) and short content (B), stored
 * in the row with its own GIN index over visible posts, so the posts that match there, which rank
 * first anyway, are found and ranked without touching the large vectors.
 *
 * Counts: list pages answer a total; counting the visible posts grows with them, so a trigger keeps
 * the number of visible posts of each category in `category_post_counts`.
 */
export class FastPublicReads1764100000000 implements MigrationInterface {
  name = 'FastPublicReads1764100000000';

  async up(q: QueryRunner): Promise<void> {
    // The same text as the A and B parts of `search_vector` (initial schema).
    await q.query(`
      ALTER TABLE posts ADD COLUMN search_head tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple'::regconfig, immutable_unaccent(title)), 'A') ||
        setweight(to_tsvector('simple'::regconfig,
          immutable_unaccent(regexp_replace(short_content, '<[^>]*>', ' ', 'g'))), 'B')
      ) STORED`);
    await q.query(`CREATE INDEX "IDX_posts_search_head" ON posts USING GIN (search_head) WHERE status = 0`);

    await q.query(`
      CREATE TABLE category_post_counts (
        category_id integer PRIMARY KEY REFERENCES categories (id) ON DELETE CASCADE,
        visible integer NOT NULL CHECK (visible >= 0)
      )`);
    await q.query(`
      CREATE FUNCTION count_visible_posts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          DELETE FROM category_post_counts;
          RETURN NULL;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          IF OLD.status = 0 THEN
            UPDATE category_post_counts SET visible = visible - 1 WHERE category_id = OLD.category_id;
          END IF;
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          IF NEW.status = 0 THEN
            INSERT INTO category_post_counts AS counts (category_id, visible) VALUES (NEW.category_id, 1)
            ON CONFLICT (category_id) DO UPDATE SET visible = counts.visible + 1;
          END IF;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER "TR_posts_count_visible" AFTER INSERT OR DELETE ON posts
      FOR EACH ROW EXECUTE FUNCTION count_visible_posts()`);
    // Saving a post rewrites every column: only a real change of status or category counts.
    await q.query(`
      CREATE TRIGGER "TR_posts_count_visible_update" AFTER UPDATE OF status, category_id ON posts
      FOR EACH ROW WHEN (OLD.status <> NEW.status OR OLD.category_id <> NEW.category_id)
      EXECUTE FUNCTION count_visible_posts()`);
    await q.query(`
      CREATE TRIGGER "TR_posts_count_visible_truncate" AFTER TRUNCATE ON posts
      FOR EACH STATEMENT EXECUTE FUNCTION count_visible_posts()`);
    await q.query(`
      INSERT INTO category_post_counts (category_id, visible)
      SELECT category_id, count(*) FROM posts WHERE status = 0 GROUP BY category_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS "TR_posts_count_visible_truncate" ON posts`);
    await q.query(`DROP TRIGGER IF EXISTS "TR_posts_count_visible_update" ON posts`);
    await q.query(`DROP TRIGGER IF EXISTS "TR_posts_count_visible" ON posts`);
    await q.query(`DROP FUNCTION IF EXISTS count_visible_posts()`);
    await q.query(`DROP TABLE IF EXISTS category_post_counts`);
    await q.query(`DROP INDEX IF EXISTS "IDX_posts_search_head"`);
    await q.query(`ALTER TABLE posts DROP COLUMN IF EXISTS search_head`);
  }
}
