import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The slugs posts and categories had before they were renamed, so old addresses answer 301 to the
 * current ones. Each row points at exactly one post or one category, by id (a chain of renames
 * needs no walking) and is deleted with it. An old slug is unique per kind.
 */
export class SlugHistory1764200000000 implements MigrationInterface {
  name = 'SlugHistory1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE slug_history (
        id serial PRIMARY KEY,
        slug varchar(200) NOT NULL,
        post_id integer,
        category_id integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_slug_history_one_owner" CHECK (num_nonnulls(post_id, category_id) = 1),
        CONSTRAINT "FK_slug_history_post" FOREIGN KEY (post_id) REFERENCES posts (id) ON DELETE CASCADE,
        CONSTRAINT "FK_slug_history_category" FOREIGN KEY (category_id) REFERENCES categories (id) ON DELETE CASCADE
      )`);
    // The lookups by old slug, and the targets of ON CONFLICT when a slug is left again.
    await q.query(`CREATE UNIQUE INDEX "UQ_slug_history_post_slug" ON slug_history (slug) WHERE post_id IS NOT NULL`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_slug_history_category_slug" ON slug_history (slug) WHERE category_id IS NOT NULL`,
    );
    // Serve the cascades when a post or a category is deleted.
    await q.query(`CREATE INDEX "IDX_slug_history_post" ON slug_history (post_id) WHERE post_id IS NOT NULL`);
    await q.query(
      `CREATE INDEX "IDX_slug_history_category" ON slug_history (category_id) WHERE category_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS slug_history`);
  }
}
