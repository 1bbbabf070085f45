import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CONTENT_CHANGED_CHANNEL } from '../content-changes';

const EVENTS = ['insert', 'update', 'delete'] as const;

/** An update of a comment shown, or that was (`CommentsContentChanges1795830000010`'s condition). */
const SHOWN_BEFORE_OR_AFTER = `OLD.state = 'approved' OR NEW.state = 'approved'`;
/** The columns a post page shows of a comment: a change of the others (`notify_replies` …) changes no page. */
const SHOWN_COLUMNS = ['post_id', 'parent_id', 'state', 'author_name', 'author_url', 'body', 'by_owner', 'created_at'];
const shownColumnsOf = (row: 'OLD' | 'NEW') => SHOWN_COLUMNS.map((column) => `${row}.${column}`).join(', ');

/**
 * A shown comment's change names its post (`comments:<post id>`, `commentsOfPost`) instead of the
 * table: the page cache and the rendered-page store then mark stale the pages showing that post
 * alone, not every post page. Still only for a comment shown, or one that was (the conditions of
 * `CommentsContentChanges1795830000010`), and for an update only when a column the page shows changed
 * (a reader leaving the reply mails changes no page); PostgreSQL folds equal payloads of one transaction.
 */
export class CommentsOfPost1795860000010 implements MigrationInterface {
  name = 'CommentsOfPost1795860000010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION notify_comments_of_post() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('${CONTENT_CHANGED_CHANNEL}', 'comments:' || OLD.post_id); END IF;
        IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('${CONTENT_CHANGED_CHANNEL}', 'comments:' || NEW.post_id); END IF;
        RETURN NULL;
      END $$`);
    await this.triggers(
      q,
      'notify_comments_of_post',
      `(${SHOWN_BEFORE_OR_AFTER}) AND (${shownColumnsOf('OLD')}) IS DISTINCT FROM (${shownColumnsOf('NEW')})`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await this.triggers(q, 'notify_content_changed', SHOWN_BEFORE_OR_AFTER);
    await q.query(`DROP FUNCTION IF EXISTS notify_comments_of_post()`);
  }

  /** The three row triggers of `CommentsContentChanges1795830000010`, calling `fn`; an update's when `updated`. */
  private async triggers(q: QueryRunner, fn: string, updated: string): Promise<void> {
    for (const event of EVENTS)
      await q.query(`DROP TRIGGER IF EXISTS "TR_comments_content_changed_${event}" ON comments`);
    await q.query(`
      CREATE TRIGGER "TR_comments_content_changed_insert" AFTER INSERT ON comments
      FOR EACH ROW WHEN (NEW.state = 'approved') EXECUTE FUNCTION ${fn}()`);
    await q.query(`
      CREATE TRIGGER "TR_comments_content_changed_update" AFTER UPDATE ON comments
      FOR EACH ROW WHEN (${updated}) EXECUTE FUNCTION ${fn}()`);
    await q.query(`
      CREATE TRIGGER "TR_comments_content_changed_delete" AFTER DELETE ON comments
      FOR EACH ROW WHEN (OLD.state = 'approved') EXECUTE FUNCTION ${fn}()`);
  }
}
