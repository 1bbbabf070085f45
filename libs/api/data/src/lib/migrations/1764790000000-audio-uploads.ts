import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Audio clips are stored in `uploads` like images: an audio row has no pixel size, so the four size
 * columns become nullable, and a check keeps them set on every image (the file server and the pages
 * read an image's size) and unset on every audio clip.
 */
export class AudioUploads1764790000000 implements MigrationInterface {
  name = 'AudioUploads1764790000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE uploads
         ALTER COLUMN width DROP NOT NULL,
         ALTER COLUMN height DROP NOT NULL,
         ALTER COLUMN original_width DROP NOT NULL,
         ALTER COLUMN original_height DROP NOT NULL`,
    );
    await q.query(
      `ALTER TABLE uploads ADD CONSTRAINT uploads_size_by_kind CHECK (
         CASE WHEN content_type LIKE 'audio/%'
           THEN width IS NULL AND height IS NULL AND original_width IS NULL AND original_height IS NULL
           ELSE width IS NOT NULL AND height IS NOT NULL AND original_width IS NOT NULL AND original_height IS NOT NULL
         END)`,
    );
  }

  /** Audio clips cannot be kept without a pixel size: they are deleted (posts then link to a missing file). */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE uploads DROP CONSTRAINT uploads_size_by_kind`);
    await q.query(`DELETE FROM uploads WHERE content_type LIKE 'audio/%'`);
    await q.query(
      `ALTER TABLE uploads
         ALTER COLUMN width SET NOT NULL,
         ALTER COLUMN height SET NOT NULL,
         ALTER COLUMN original_width SET NOT NULL,
         ALTER COLUMN original_height SET NOT NULL`,
    );
  }
}
