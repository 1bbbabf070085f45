import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Password reset tokens and the counters of failed sign-ins. */
export class Auth1763900000000 implements MigrationInterface {
  name = 'Auth1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE password_reset_tokens (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_password_reset_tokens_hash" UNIQUE (token_hash)
      )`);
    await q.query(`CREATE INDEX "IDX_password_reset_tokens_user" ON password_reset_tokens (user_id)`);
    // The layout rate-limiter-flexible's PostgreSQL store reads and writes.
    await q.query(`
      CREATE TABLE login_rate_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS login_rate_limits`);
    await q.query(`DROP TABLE IF EXISTS password_reset_tokens`);
  }
}
