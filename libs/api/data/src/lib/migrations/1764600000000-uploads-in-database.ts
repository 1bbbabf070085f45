import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploaded images and their responsive variants stored in PostgreSQL, so that every instance
 * serves the same files and the database is the one thing to back up. Files already under
 * `UPLOAD_DIR` are imported by the server when it starts (`libs/api/upload-storage`).
 */
export class UploadsInDatabase1764600000000 implements MigrationInterface {
  name = 'UploadsInDatabase1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE uploads (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        content bytea NOT NULL,
        content_type varchar(50) NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        byte_size integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_uploads_name" UNIQUE (name)
      )`);
    await q.query(`
      CREATE TABLE upload_variants (
        upload_id integer NOT NULL,
        width integer NOT NULL,
        format varchar(10) NOT NULL,
        content bytea NOT NULL,
        content_type varchar(50) NOT NULL,
        height integer NOT NULL,
        byte_size integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_upload_variants" PRIMARY KEY (upload_id, width, format),
        CONSTRAINT "FK_upload_variants_upload" FOREIGN KEY (upload_id) REFERENCES uploads (id) ON DELETE CASCADE
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS upload_variants`);
    await q.query(`DROP TABLE IF EXISTS uploads`);
  }
}
