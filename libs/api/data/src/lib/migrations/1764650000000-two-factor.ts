import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Two-factor sign-in: each user's sealed TOTP secret and their single-use recovery codes. */
export class TwoFactor1764650000000 implements MigrationInterface {
  name = 'TwoFactor1764650000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_two_factor (
        user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        secret text NOT NULL,
        enabled_at timestamptz,
        last_used_step bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE user_recovery_codes (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_hash char(64) NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_user_recovery_codes_code" UNIQUE (user_id, code_hash)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS user_recovery_codes`);
    await q.query(`DROP TABLE IF EXISTS user_two_factor`);
  }
}
