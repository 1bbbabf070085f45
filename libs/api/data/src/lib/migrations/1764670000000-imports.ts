import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Imports run as background jobs: each import's state, progress and report (`imports`), the file it
 * reads, kept in PostgreSQL in chunks so that whichever instance runs the job can read it
 * (`import_files`), and what every source item became (`import_items`), so a second run of the same
 * file, or a run resumed after a restart, creates nothing twice.
 */
export class Imports1764670000000 implements MigrationInterface {
  name = 'Imports1764670000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE imports (
        id serial PRIMARY KEY,
        source varchar(20) NOT NULL,
        dry_run boolean NOT NULL,
        options jsonb NOT NULL DEFAULT '{}',
        file_name varchar(255) NOT NULL,
        images_file_name varchar(255),
        state varchar(20) NOT NULL DEFAULT 'queued',
        done integer NOT NULL DEFAULT 0,
        total integer NOT NULL DEFAULT 0,
        current_item varchar(300) NOT NULL DEFAULT '',
        images_fetched integer NOT NULL DEFAULT 0,
        report jsonb,
        error text,
        cancel_requested boolean NOT NULL DEFAULT false,
        started_at timestamptz,
        finished_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "CHK_imports_state" CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled'))
      )`);
    await q.query(`
      CREATE TABLE import_files (
        import_id integer NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
        role varchar(10) NOT NULL,
        part integer NOT NULL,
        chunk bytea NOT NULL,
        PRIMARY KEY (import_id, role, part)
      )`);
    await q.query(`
      CREATE TABLE import_items (
        id serial PRIMARY KEY,
        source_key varchar(600) NOT NULL,
        kind varchar(20) NOT NULL,
        target varchar(255) NOT NULL,
        import_id integer REFERENCES imports (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_import_items_source_key" UNIQUE (source_key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS import_items`);
    await q.query(`DROP TABLE IF EXISTS import_files`);
    await q.query(`DROP TABLE IF EXISTS imports`);
  }
}
