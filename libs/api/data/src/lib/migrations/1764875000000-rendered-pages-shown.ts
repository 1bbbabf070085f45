import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a rendered post page's own part showed from other records than its post (the site's identity,
 * the categories' names, the other posts' versions), as a digest: a stored page is read only while
 * they are unchanged, so that a renamed site, author or category, or a related post's new title,
 * is never served from a page kept from before.
 */
export class RenderedPagesShown1764875000000 implements MigrationInterface {
  name = 'RenderedPagesShown1764875000000';

  async up(q: QueryRunner): Promise<void> {
    // The pages kept so far do not say what they showed: rendered again.
    await q.query(`DELETE FROM rendered_pages`);
    await q.query(`ALTER TABLE rendered_pages ADD COLUMN shown text NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE rendered_pages DROP COLUMN shown`);
  }
}
