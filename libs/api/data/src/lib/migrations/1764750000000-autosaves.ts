import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Autosaves: a form's unsaved values, one row per user and slot, gone with the user.
 * The purge reads by `saved_at`.
 */
export class Autosaves1764750000000 implements MigrationInterface {
  name = 'Autosaves1764750000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE autosaves (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        slot varchar(100) NOT NULL,
        values jsonb NOT NULL,
        base_version integer,
        saved_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_autosaves_user_slot" UNIQUE (user_id, slot)
      )`);
    await q.query(`CREATE INDEX "IDX_autosaves_saved_at" ON autosaves (saved_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS autosaves`);
  }
}
