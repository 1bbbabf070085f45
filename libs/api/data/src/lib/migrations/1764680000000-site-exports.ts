import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Exports made in the background (the admin's Export button): each export's state and progress
 * (`site_exports`) and its archive, kept in PostgreSQL in chunks so that any instance serves the
 * download (`export_files`); both go when the export expires.
 */
export class SiteExports1764680000000 implements MigrationInterface {
  name = 'SiteExports1764680000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE site_exports (
        id serial PRIMARY KEY,
        include_messages boolean NOT NULL DEFAULT false,
        state varchar(20) NOT NULL DEFAULT 'queued',
        done integer NOT NULL DEFAULT 0,
        total integer NOT NULL DEFAULT 0,
        file_name varchar(100) NOT NULL,
        byte_size bigint,
        error text,
        finished_at timestamptz,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_site_exports_state" CHECK (state IN ('queued', 'running', 'done', 'failed'))
      )`);
    await q.query(`
      CREATE TABLE export_files (
        export_id integer NOT NULL REFERENCES site_exports (id) ON DELETE CASCADE,
        role varchar(10) NOT NULL DEFAULT 'archive',
        part integer NOT NULL,
        chunk bytea NOT NULL,
        PRIMARY KEY (export_id, role, part)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS export_files`);
    await q.query(`DROP TABLE IF EXISTS site_exports`);
  }
}
