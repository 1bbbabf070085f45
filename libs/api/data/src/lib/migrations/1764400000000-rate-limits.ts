import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sign-in counters' table now holds every rate limit (sign-in, contact messages, password-reset
 * requests), each under its own key prefix: same layout, a name that says so.
 */
export class RateLimits1764400000000 implements MigrationInterface {
  name = 'RateLimits1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE login_rate_limits RENAME TO rate_limits`);
    await q.query(`ALTER TABLE rate_limits RENAME CONSTRAINT login_rate_limits_pkey TO rate_limits_pkey`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE rate_limits RENAME CONSTRAINT rate_limits_pkey TO login_rate_limits_pkey`);
    await q.query(`ALTER TABLE rate_limits RENAME TO login_rate_limits`);
  }
}
