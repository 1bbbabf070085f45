import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CONTENT_CHANGED_CHANNEL } from '../content-changes';

/** The content tables when this was written (`CONTENT_TABLES` grew since: later tables get their trigger in their own migration). */
const CONTENT_TABLES = ['posts', 'categories', 'about', 'general_info', 'slug_history'] as const;

/**
 * Every write to a table the public pages show notifies `content_changed` with the table's name.
 * A trigger sees every write (both API doors, the seed, a manual fix in psql), and PostgreSQL
 * delivers the notification only when the transaction commits, to every listening instance.
 */
export class ContentChanges1764300000000 implements MigrationInterface {
  name = 'ContentChanges1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION notify_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${CONTENT_CHANGED_CHANNEL}', TG_TABLE_NAME);
        RETURN NULL;
      END $$`);
    for (const table of CONTENT_TABLES) {
      await q.query(`
        CREATE TRIGGER "TR_${table}_content_changed"
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}"
        FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of CONTENT_TABLES)
      await q.query(`DROP TRIGGER IF EXISTS "TR_${table}_content_changed" ON "${table}"`);
    await q.query(`DROP FUNCTION IF EXISTS notify_content_changed()`);
  }
}
