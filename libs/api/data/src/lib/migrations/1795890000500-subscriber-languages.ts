import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A subscriber's language: the language of the page they subscribed on. Their mails' own words and
 * links (confirmation, preferences, unsubscribe) are in it. Those who subscribed before get the site's
 * default language (General information's; English without it).
 */
export class SubscriberLanguages1795890000500 implements MigrationInterface {
  name = 'SubscriberLanguages1795890000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE subscribers
        ADD COLUMN language varchar(2) NOT NULL DEFAULT 'en',
        ADD CONSTRAINT "CHK_subscribers_language" CHECK (language IN ('en', 'vi'))`);
    await q.query(`
      UPDATE subscribers SET language = site.default_language
      FROM (SELECT default_language FROM general_info ORDER BY id LIMIT 1) site`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE subscribers DROP COLUMN language`);
  }
}
