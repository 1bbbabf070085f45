import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The pixel size of the photo as it was uploaded (upright), now that a larger one is stored
 * downscaled to `UPLOAD_MAX_EDGE` on its long edge. Uploads stored before were never downscaled:
 * their original size is the stored one.
 */
export class UploadOriginalSize1764730000000 implements MigrationInterface {
  name = 'UploadOriginalSize1764730000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE uploads ADD COLUMN original_width int, ADD COLUMN original_height int`);
    await q.query(`UPDATE uploads SET original_width = width, original_height = height`);
    await q.query(
      `ALTER TABLE uploads ALTER COLUMN original_width SET NOT NULL, ALTER COLUMN original_height SET NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE uploads DROP COLUMN original_width, DROP COLUMN original_height`);
  }
}
