import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Related posts from an index. A post's keywords are normalised once, on write, into
 * `posts.keywords` (the comma-separated `meta_keywords`, trimmed, lower case, accents folded, each
 * once, sorted), and every keyword of a shown post out of the trash is a row of `post_keywords`
 * beside the post's `listed_at`, kept by a trigger. The related-posts read (`RELATED_SQL`) then takes
 * the newest posts sharing each keyword from that table's primary key, a few rows read per keyword,
 * instead of normalising every post's keywords on each read: its cost no longer grows with the site.
 * (A GIN index on the array finds the posts sharing a keyword too, but not the newest of them
 * without reading them all: 17 000 rows for a keyword on a third of 100 000 posts.)
 */
export class RelatedKeywords1764760000000 implements MigrationInterface {
  name = 'RelatedKeywords1764760000000';

  async up(q: QueryRunner): Promise<void> {
    // IMMUTABLE (as `immutable_unaccent` is): a generated column may only call immutable functions.
    await q.query(`
      CREATE FUNCTION post_keywords(text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT coalesce(array_agg(DISTINCT keyword ORDER BY keyword), '{}')
        FROM (SELECT immutable_unaccent(lower(btrim(part))) AS keyword FROM unnest(string_to_array($1, ',')) AS part) AS parts
        WHERE keyword <> ''
      $$`);
    await q.query(
      `ALTER TABLE posts ADD COLUMN keywords text[] GENERATED ALWAYS AS (post_keywords(meta_keywords)) STORED`,
    );
    await q.query(`
      CREATE TABLE post_keywords (
        keyword text NOT NULL,
        listed_at timestamptz NOT NULL,
        post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
        PRIMARY KEY (keyword, listed_at, post_id)
      )`);
    await q.query(`CREATE INDEX "IDX_post_keywords_post" ON post_keywords (post_id)`);
    // Hidden and trashed posts have no rows; the publication time is checked by the read (it passes without a write).
    await q.query(`
      CREATE FUNCTION index_post_keywords() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          DELETE FROM post_keywords WHERE post_id = OLD.id;
        END IF;
        IF NEW.status = 0 AND NEW.deleted_at IS NULL THEN
          INSERT INTO post_keywords (keyword, listed_at, post_id)
          SELECT keyword, NEW.listed_at, NEW.id FROM unnest(NEW.keywords) AS keyword;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER "TR_posts_index_keywords_insert" AFTER INSERT ON posts
      FOR EACH ROW EXECUTE FUNCTION index_post_keywords()`);
    // The columns `keywords`, `listed_at` and the visibility are made of (generated columns cannot be named here).
    await q.query(`
      CREATE TRIGGER "TR_posts_index_keywords_update" AFTER UPDATE OF meta_keywords, updated_at, published_at, status, deleted_at ON posts
      FOR EACH ROW WHEN (
        OLD.keywords IS DISTINCT FROM NEW.keywords OR OLD.listed_at IS DISTINCT FROM NEW.listed_at
        OR OLD.status <> NEW.status OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
      )
      EXECUTE FUNCTION index_post_keywords()`);
    await q.query(`
      INSERT INTO post_keywords (keyword, listed_at, post_id)
      SELECT keyword, listed_at, id FROM posts, unnest(keywords) AS keyword WHERE status = 0 AND deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "TR_posts_index_keywords_update" ON posts`);
    await q.query(`DROP TRIGGER "TR_posts_index_keywords_insert" ON posts`);
    await q.query(`DROP FUNCTION index_post_keywords()`);
    await q.query(`DROP TABLE post_keywords`);
    await q.query(`ALTER TABLE posts DROP COLUMN keywords`);
    await q.query(`DROP FUNCTION post_keywords(text)`);
  }
}
