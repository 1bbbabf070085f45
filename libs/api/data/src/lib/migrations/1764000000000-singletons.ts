import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * About and General info are singletons: a unique index over a constant lets at most one row into
 * each table, so two administrators creating one at the same moment cannot end up with two.
 */
export class Singletons1764000000000 implements MigrationInterface {
  name = 'Singletons1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE UNIQUE INDEX "UQ_about_singleton" ON about ((true))`);
    await q.query(`CREATE UNIQUE INDEX "UQ_general_info_singleton" ON general_info ((true))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS "UQ_general_info_singleton"`);
    await q.query(`DROP INDEX IF EXISTS "UQ_about_singleton"`);
  }
}
