import type { MigrationInterface, QueryRunner } from 'typeorm';
import { countShownPosts } from './1764640000000-publication';

/** The partial indexes of the public reads (FastPublicReads1764100000000, Publication1764640000000), by name and definition. */
const PUBLIC_INDEXES = {
  IDX_posts_search_head: 'USING GIN (search_head)',
  IDX_posts_visible_listed: '(listed_at DESC, id DESC)',
  IDX_posts_visible_category_listed: '(category_id, listed_at DESC, id DESC)',
  IDX_posts_publication: '(published_at)',
} as const;

async function createPublicIndexes(q: QueryRunner, where: string): Promise<void> {
  for (const [name, definition] of Object.entries(PUBLIC_INDEXES)) {
    await q.query(`DROP INDEX "${name}"`);
    await q.query(`CREATE INDEX "${name}" ON posts ${definition} WHERE ${where}`);
  }
}

async function recountShownPosts(q: QueryRunner, where: string): Promise<void> {
  await q.query(`DELETE FROM category_post_counts`);
  await q.query(
    `INSERT INTO category_post_counts (category_id, visible) SELECT category_id, count(*) FROM posts WHERE ${where} GROUP BY category_id`,
  );
}

/**
 * The trash: deleting a post sets `deleted_at`; the post leaves every public read
 * (`visiblePostSql`), the admin list and the counts, and is deleted for good by hand or
 * `RETENTION.trashDays` later.
 *
 * A trashed post gives its slug up: the slug is unique among the posts not in the trash only, so a
 * new post may take it (restoring then picks a free one). The public reads' partial indexes and the
 * per-category counts leave trashed posts out.
 */
export class Trash1764710000000 implements MigrationInterface {
  name = 'Trash1764710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE posts ADD COLUMN deleted_at timestamptz`);
    await q.query(`ALTER TABLE posts DROP CONSTRAINT "UQ_posts_slug"`);
    await q.query(`CREATE UNIQUE INDEX "UQ_posts_slug" ON posts (slug) WHERE deleted_at IS NULL`);
    // The Trash screen (newest first) and the purge (oldest first) read only the few trashed posts.
    await q.query(`CREATE INDEX "IDX_posts_trashed" ON posts (deleted_at) WHERE deleted_at IS NOT NULL`);
    await createPublicIndexes(q, 'status = 0 AND deleted_at IS NULL');

    await q.query(
      countShownPosts((row) => `${row}.status = 0 AND ${row}.published_at IS NOT NULL AND ${row}.deleted_at IS NULL`),
    );
    await q.query(`DROP TRIGGER "TR_posts_count_visible_update" ON posts`);
    await q.query(`
      CREATE TRIGGER "TR_posts_count_visible_update" AFTER UPDATE OF status, category_id, published_at, deleted_at ON posts
      FOR EACH ROW WHEN (
        OLD.status <> NEW.status OR OLD.category_id <> NEW.category_id
        OR (OLD.published_at IS NULL) <> (NEW.published_at IS NULL)
        OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
      )
      EXECUTE FUNCTION count_visible_posts()`);
    await recountShownPosts(q, 'status = 0 AND published_at IS NOT NULL AND deleted_at IS NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    // Going back means going without a trash: the trashed posts are deleted, as they were before it.
    await q.query(`DELETE FROM posts WHERE deleted_at IS NOT NULL`);
    await q.query(`DROP TRIGGER "TR_posts_count_visible_update" ON posts`);
    await q.query(`
      CREATE TRIGGER "TR_posts_count_visible_update" AFTER UPDATE OF status, category_id, published_at ON posts
      FOR EACH ROW WHEN (
        OLD.status <> NEW.status OR OLD.category_id <> NEW.category_id
        OR (OLD.published_at IS NULL) <> (NEW.published_at IS NULL)
      )
      EXECUTE FUNCTION count_visible_posts()`);
    await q.query(countShownPosts((row) => `${row}.status = 0 AND ${row}.published_at IS NOT NULL`));
    await recountShownPosts(q, 'status = 0 AND published_at IS NOT NULL');
    await createPublicIndexes(q, 'status = 0');
    await q.query(`DROP INDEX "IDX_posts_trashed"`);
    await q.query(`DROP INDEX "UQ_posts_slug"`);
    await q.query(`ALTER TABLE posts ADD CONSTRAINT "UQ_posts_slug" UNIQUE (slug)`);
    await q.query(`ALTER TABLE posts DROP COLUMN deleted_at`);
  }
}
