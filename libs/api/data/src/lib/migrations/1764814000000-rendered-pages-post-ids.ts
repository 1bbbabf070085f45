import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The posts a rendered page shows besides its own (related and recent posts): a stored page is read
 * only while every one of them is still visible, so that a post hidden, trashed, deleted or scheduled
 * again is never listed by a page kept from before.
 */
export class RenderedPagesPostIds1764814000000 implements MigrationInterface {
  name = 'RenderedPagesPostIds1764814000000';

  async up(q: QueryRunner): Promise<void> {
    // The pages kept so far do not say what they list: rendered again.
    await q.query(`DELETE FROM rendered_pages`);
    await q.query(`ALTER TABLE rendered_pages ADD COLUMN post_ids int[] NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE rendered_pages DROP COLUMN post_ids`);
  }
}
