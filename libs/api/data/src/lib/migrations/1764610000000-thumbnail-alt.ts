import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A post thumbnail's alternative text (the post card's `imageAlt`): empty until the owner writes
 * one, and then the post's title stands in for it. The limit is `ALT_TEXT_MAX_LENGTH` in the contracts.
 */
export class ThumbnailAlt1764610000000 implements MigrationInterface {
  name = 'ThumbnailAlt1764610000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE posts ADD COLUMN thumbnail_alt varchar(300) NOT NULL DEFAULT ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE posts DROP COLUMN thumbnail_alt`);
  }
}
