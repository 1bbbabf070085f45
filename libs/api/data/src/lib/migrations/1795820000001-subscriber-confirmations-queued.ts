import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Imported subscribers waiting for their confirmation link: an import marks them, a job mails them at the
 * mail rate and clears the mark in the transaction that locks the row, so a restart resumes where it was
 * and nobody gets the link twice.
 */
export class SubscriberConfirmationsQueued1795820000001 implements MigrationInterface {
  name = 'SubscriberConfirmationsQueued1795820000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE subscribers ADD COLUMN confirmation_queued boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE INDEX "IDX_subscribers_confirmation_queued" ON subscribers (id) WHERE confirmation_queued`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE subscribers DROP COLUMN confirmation_queued`);
  }
}
