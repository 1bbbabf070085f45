import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A contact message says what it is about (a project or a service: its kind, slug and title as they
 * were when sent, all three or none) and the page it was sent from. Messages stored before know neither.
 */
export class Inquiries1795781200000 implements MigrationInterface {
  name = 'Inquiries1795781200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE contact_messages
         ADD COLUMN topic_kind varchar(20),
         ADD COLUMN topic_slug varchar(200),
         ADD COLUMN topic_title varchar(300),
         ADD COLUMN source_path varchar(300),
         ADD CONSTRAINT "CHK_contact_messages_topic_kind" CHECK (topic_kind IN ('project', 'service')),
         ADD CONSTRAINT "CHK_contact_messages_topic" CHECK (
           (topic_kind IS NULL) = (topic_slug IS NULL) AND (topic_kind IS NULL) = (topic_title IS NULL))`,
    );
    // The inbox's filters: by topic, by source page.
    await q.query(`CREATE INDEX "IDX_contact_messages_topic" ON contact_messages (topic_kind, topic_slug)`);
    await q.query(`CREATE INDEX "IDX_contact_messages_source_path" ON contact_messages (source_path)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE contact_messages DROP COLUMN topic_kind, DROP COLUMN topic_slug, DROP COLUMN topic_title,
         DROP COLUMN source_path`,
    );
  }
}
