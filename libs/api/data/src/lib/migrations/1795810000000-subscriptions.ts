import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mail subscriptions to new posts. A subscriber is mailed nothing but the confirmation link until
 * confirmed (double opt-in); bumping `token_version` voids every link sent. Leaving deletes the row and
 * keeps only a suppression: a keyed hash of the address, so that no import or form adds it again.
 * A newsletter delivery row per post and subscriber makes each post go out once to each person.
 * A suppression keeps a masked hint of the address (`l•••@gmail.com`) for the owner to recognise, and
 * when it had been confirmed (the departures from the confirmed subscribers, by day).
 * `digest_sent_at`: the last weekly digest mailed to a subscriber who chose it.
 */
export class Subscriptions1795810000000 implements MigrationInterface {
  name = 'Subscriptions1795810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE subscribers (
         id serial PRIMARY KEY,
         email varchar(254) NOT NULL,
         name varchar(200) NOT NULL DEFAULT '',
         state varchar(12) NOT NULL DEFAULT 'pending',
         digest boolean NOT NULL DEFAULT false,
         consent_source varchar(8) NOT NULL,
         consent_at timestamptz NOT NULL DEFAULT now(),
         consent_note text NOT NULL DEFAULT '',
         confirmed_at timestamptz,
         suppressed_reason varchar(20),
         soft_bounces int NOT NULL DEFAULT 0,
         first_soft_bounce_at timestamptz,
         token_version int NOT NULL DEFAULT 1,
         digest_sent_at timestamptz,
         created_at timestamptz NOT NULL DEFAULT now(),
         updated_at timestamptz NOT NULL DEFAULT now(),
         CONSTRAINT "CHK_subscribers_state" CHECK (state IN ('pending', 'confirmed', 'suppressed')),
         CONSTRAINT "CHK_subscribers_consent_source" CHECK (consent_source IN ('form', 'import', 'admin'))
       )`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_subscribers_email" ON subscribers (lower(email))`);
    await q.query(
      `CREATE TABLE subscriber_categories (
         subscriber_id int NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
         category_id int NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
         PRIMARY KEY (subscriber_id, category_id)
       )`,
    );
    // A post's mailing reads a category's subscribers.
    await q.query(`CREATE INDEX "IDX_subscriber_categories_category" ON subscriber_categories (category_id)`);
    await q.query(`ALTER TABLE categories ADD COLUMN subscribable boolean NOT NULL DEFAULT true`);
    await q.query(
      `CREATE TABLE suppressions (
         email_hash char(64) PRIMARY KEY,
         email_hint varchar(260) NOT NULL DEFAULT '',
         reason varchar(20) NOT NULL,
         detail text NOT NULL DEFAULT '',
         confirmed_at timestamptz,
         created_at timestamptz NOT NULL DEFAULT now(),
         CONSTRAINT "CHK_suppressions_reason"
           CHECK (reason IN ('unsubscribed', 'hard_bounce', 'complaint', 'soft_bounce', 'manual'))
       )`,
    );
    // The owner's list and the dashboard's departures by day.
    await q.query(`CREATE INDEX "IDX_suppressions_created_at" ON suppressions (created_at)`);
    await q.query(`ALTER TABLE posts ADD COLUMN send_to_subscribers boolean NOT NULL DEFAULT false`);
    await q.query(
      `CREATE TABLE newsletter_deliveries (
         post_id int NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
         subscriber_id int NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
         state varchar(8) NOT NULL DEFAULT 'pending',
         attempts int NOT NULL DEFAULT 0,
         sent_at timestamptz,
         error text,
         PRIMARY KEY (post_id, subscriber_id),
         CONSTRAINT "CHK_newsletter_deliveries_state" CHECK (state IN ('pending', 'sent', 'failed'))
       )`,
    );
    // The sender picks a post's pending rows.
    await q.query(
      `CREATE INDEX "IDX_newsletter_deliveries_pending" ON newsletter_deliveries (post_id) WHERE state = 'pending'`,
    );
    await q.query(`CREATE INDEX "IDX_newsletter_deliveries_subscriber" ON newsletter_deliveries (subscriber_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE newsletter_deliveries`);
    await q.query(`ALTER TABLE posts DROP COLUMN send_to_subscribers`);
    await q.query(`DROP TABLE suppressions`);
    await q.query(`ALTER TABLE categories DROP COLUMN subscribable`);
    await q.query(`DROP TABLE subscriber_categories`);
    await q.query(`DROP TABLE subscribers`);
  }
}
