import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trigger function of `category_post_counts` (migration FastPublicReads1764100000000), counting the
 * rows for which `counted` holds (given the trigger's OLD or NEW row).
 */
export const countShownPosts = (counted: (row: 'OLD' | 'NEW') => string) => `
  CREATE OR REPLACE FUNCTION count_visible_posts() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      DELETE FROM category_post_counts;
      RETURN NULL;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      IF ${counted('OLD')} THEN
        UPDATE category_post_counts SET visible = visible - 1 WHERE category_id = OLD.category_id;
      END IF;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      IF ${counted('NEW')} THEN
        INSERT INTO category_post_counts AS counts (category_id, visible) VALUES (NEW.category_id, 1)
        ON CONFLICT (category_id) DO UPDATE SET visible = counts.visible + 1;
      END IF;
    END IF;
    RETURN NULL;
  END $$`;

/**
 * Drafts, scheduled posts and preview links.
 *
 * `published_at`: null for a draft, else when the post is (or was) published; a time still to come
 * makes it scheduled; a row written without it (the seed, psql, an older writer) is published at once.
 * What the public sees is decided by PostgreSQL's clock at each read
 * (`VISIBLE_POST_SQL`), so a scheduled post appears on time on every instance without a process
 * to publish it. Posts written before this migration were published when they were created.
 *
 * `listed_at`: where a post stands in the newest-first lists: its last change or its publication,
 * whichever is later, so a scheduled post comes out at the top. The visible-post indexes move to it.
 *
 * `category_post_counts` now counts the posts published or scheduled (not hidden); the few scheduled
 * ones still to come are subtracted at read time through `IDX_posts_publication`.
 */
export class Publication1764640000000 implements MigrationInterface {
  name = 'Publication1764640000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE posts ADD COLUMN published_at timestamptz DEFAULT now()`);
    await q.query(`UPDATE posts SET published_at = created_at`);
    await q.query(
      `ALTER TABLE posts ADD COLUMN listed_at timestamptz GENERATED ALWAYS AS (GREATEST(updated_at, published_at)) STORED`,
    );

    await q.query(`DROP INDEX "IDX_posts_visible_updated"`);
    await q.query(`DROP INDEX "IDX_posts_visible_category_updated"`);
    await q.query(`CREATE INDEX "IDX_posts_visible_listed" ON posts (listed_at DESC, id DESC) WHERE status = 0`);
    await q.query(
      `CREATE INDEX "IDX_posts_visible_category_listed" ON posts (category_id, listed_at DESC, id DESC) WHERE status = 0`,
    );
    await q.query(`CREATE INDEX "IDX_posts_publication" ON posts (published_at) WHERE status = 0`);

    await q.query(countShownPosts((row) => `${row}.status = 0 AND ${row}.published_at IS NOT NULL`));
    await q.query(`DROP TRIGGER "TR_posts_count_visible_update" ON posts`);
    await q.query(`
      CREATE TRIGGER "TR_posts_count_visible_update" AFTER UPDATE OF status, category_id, published_at ON posts
      FOR EACH ROW WHEN (
        OLD.status <> NEW.status OR OLD.category_id <> NEW.category_id
        OR (OLD.published_at IS NULL) <> (NEW.published_at IS NULL)
      )
      EXECUTE FUNCTION count_visible_posts()`);

    await q.query(`
      CREATE TABLE post_previews (
        id serial PRIMARY KEY,
        post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_post_previews_token_hash" UNIQUE (token_hash)
      )`);
    await q.query(`CREATE INDEX "IDX_post_previews_post" ON post_previews (post_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE post_previews`);
    await q.query(`DROP TRIGGER "TR_posts_count_visible_update" ON posts`);
    await q.query(`
      CREATE TRIGGER "TR_posts_count_visible_update" AFTER UPDATE OF status, category_id ON posts
      FOR EACH ROW WHEN (OLD.status <> NEW.status OR OLD.category_id <> NEW.category_id)
      EXECUTE FUNCTION count_visible_posts()`);
    await q.query(countShownPosts((row) => `${row}.status = 0`));
    await q.query(`DROP INDEX "IDX_posts_publication"`);
    await q.query(`DROP INDEX "IDX_posts_visible_category_listed"`);
    await q.query(`DROP INDEX "IDX_posts_visible_listed"`);
    await q.query(`CREATE INDEX "IDX_posts_visible_updated" ON posts (updated_at DESC, id DESC) WHERE status = 0`);
    await q.query(
      `CREATE INDEX "IDX_posts_visible_category_updated" ON posts (category_id, updated_at DESC, id DESC) WHERE status = 0`,
    );
    await q.query(`ALTER TABLE posts DROP COLUMN listed_at, DROP COLUMN published_at`);
    // Drafts become hidden posts rather than public ones; the counts follow the old rule again.
    await q.query(`DELETE FROM category_post_counts`);
    await q.query(
      `INSERT INTO category_post_counts (category_id, visible) SELECT category_id, count(*) FROM posts WHERE status = 0 GROUP BY category_id`,
    );
  }
}
