import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The post pages show the approved comments: a comment approved, edited, trashed or deleted while
 * shown notifies `content_changed` ('comments'), as the other content tables do. A comment held or
 * marked spam changes no page, so a flood of spam leaves the page cache alone (row triggers with
 * a condition; PostgreSQL sends one notification per transaction for the same payload).
 */
export class CommentsContentChanges1795830000010 implements MigrationInterface {
  name = 'CommentsContentChanges1795830000010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TRIGGER "TR_comments_content_changed_insert" AFTER INSERT ON comments
      FOR EACH ROW WHEN (NEW.state = 'approved') EXECUTE FUNCTION notify_content_changed()`);
    await q.query(`
      CREATE TRIGGER "TR_comments_content_changed_update" AFTER UPDATE ON comments
      FOR EACH ROW WHEN (OLD.state = 'approved' OR NEW.state = 'approved') EXECUTE FUNCTION notify_content_changed()`);
    await q.query(`
      CREATE TRIGGER "TR_comments_content_changed_delete" AFTER DELETE ON comments
      FOR EACH ROW WHEN (OLD.state = 'approved') EXECUTE FUNCTION notify_content_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete'])
      await q.query(`DROP TRIGGER IF EXISTS "TR_comments_content_changed_${event}" ON comments`);
  }
}
