import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rendered post pages kept in PostgreSQL, beside the memory cache of each instance: a
 * crawler walking every post reads them instead of waiting on a rendering. A cache, not content:
 * a row goes with its post, and the pages of another web build are never read.
 */
export class RenderedPages1764800000000 implements MigrationInterface {
  name = 'RenderedPages1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE rendered_pages (
         key text PRIMARY KEY,
         build text NOT NULL,
         post_id int NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
         post_version int NOT NULL,
         rendered_at timestamptz NOT NULL,
         tables text[] NOT NULL,
         etag text NOT NULL,
         body bytea NOT NULL
       )`,
    );
    await q.query(`CREATE INDEX "IDX_rendered_pages_post" ON rendered_pages (post_id)`);
    // The body is compressed already: PostgreSQL need not try again.
    await q.query(`ALTER TABLE rendered_pages ALTER COLUMN body SET STORAGE EXTERNAL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rendered_pages`);
  }
}
