import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API tokens: a named secret with scopes, stored as its SHA-256 (unique: each
 * bearer request reads its token by it), gone with its owner.
 */
export class ApiTokens1764770000000 implements MigrationInterface {
  name = 'ApiTokens1764770000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_tokens (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        scopes text[] NOT NULL,
        token_hash char(64) NOT NULL,
        hint varchar(20) NOT NULL,
        expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX "UQ_api_tokens_hash" ON api_tokens (token_hash)`);
    await q.query(`CREATE INDEX "IDX_api_tokens_user" ON api_tokens (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS api_tokens`);
  }
}
