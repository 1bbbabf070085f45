import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (`webhooks`) and their delivery log (`webhook_deliveries`). A webhook's deliveries
 * go with it. The log is read per webhook, newest first, and pruned by age and count per webhook.
 * `indexnow_urls`: the post URLs waiting to be submitted to IndexNow, one batch per job run.
 */
export class Webhooks1764780000000 implements MigrationInterface {
  name = 'Webhooks1764780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhooks (
        id serial PRIMARY KEY,
        url varchar(2000) NOT NULL,
        events text[] NOT NULL,
        secret_sealed text NOT NULL,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY,
        webhook_id integer NOT NULL,
        event text NOT NULL,
        body text NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        response_status integer,
        duration_ms integer,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_attempt_at timestamptz,
        CONSTRAINT "FK_webhook_deliveries_webhook" FOREIGN KEY (webhook_id) REFERENCES webhooks (id) ON DELETE CASCADE,
        CONSTRAINT "CHK_webhook_deliveries_status" CHECK (status IN ('pending', 'succeeded', 'failed'))
      )`);
    await q.query(
      `CREATE INDEX "IDX_webhook_deliveries_webhook" ON webhook_deliveries (webhook_id, created_at DESC, id DESC)`,
    );

    await q.query(`
      CREATE TABLE indexnow_urls (
        url text PRIMARY KEY,
        queued_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS indexnow_urls`);
    await q.query(`DROP TABLE IF EXISTS webhook_deliveries`);
    await q.query(`DROP TABLE IF EXISTS webhooks`);
  }
}
