import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CONTENT_CHANGED_CHANNEL } from '../content-changes';

/** The columns a page shows of a comment (`CommentsOfPost1795860000010`'s, with the project). */
const SHOWN_COLUMNS = [
  'post_id',
  'project_id',
  'parent_id',
  'state',
  'author_name',
  'author_url',
  'body',
  'by_owner',
  'created_at',
];
const SHOWN_BEFORE_OR_AFTER = `OLD.state = 'approved' OR NEW.state = 'approved'`;

/** What a comment's change names: its post (`comments:<id>`) or its project (`comments:project:<id>`). */
const subjectOf = (row: 'OLD' | 'NEW') =>
  `'comments:' || COALESCE(${row}.post_id::text, 'project:' || ${row}.project_id)`;

/**
 * Readers' comments under the portfolio's projects too: a comment is under a post or a project, never
 * both (`CHK_comments_subject`), deleted with it; a project's own switch (`comments_open`, as a post's).
 * A shown comment's change under a project names it (`commentsOfProject`): only that project's page
 * goes stale.
 */
export class ProjectComments1795870000010 implements MigrationInterface {
  name = 'ProjectComments1795870000010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE comments
        ALTER COLUMN post_id DROP NOT NULL,
        ADD COLUMN project_id int REFERENCES projects (id) ON DELETE CASCADE,
        ADD CONSTRAINT "CHK_comments_subject" CHECK (num_nonnulls(post_id, project_id) = 1)`);
    // A project's thread as readers see it (and the cascade from a project).
    await q.query(
      `CREATE INDEX "IDX_comments_project" ON comments (project_id, created_at) WHERE project_id IS NOT NULL`,
    );
    await q.query(`ALTER TABLE projects ADD COLUMN comments_open boolean NOT NULL DEFAULT true`);
    await this.notify(q, subjectOf('OLD'), subjectOf('NEW'), SHOWN_COLUMNS);
  }

  async down(q: QueryRunner): Promise<void> {
    await this.notify(
      q,
      `'comments:' || OLD.post_id`,
      `'comments:' || NEW.post_id`,
      SHOWN_COLUMNS.filter((column) => column !== 'project_id'),
    );
    await q.query(`ALTER TABLE projects DROP COLUMN comments_open`);
    await q.query(`DELETE FROM comments WHERE project_id IS NOT NULL`);
    await q.query(`
      ALTER TABLE comments
        DROP CONSTRAINT "CHK_comments_subject",
        DROP COLUMN project_id,
        ALTER COLUMN post_id SET NOT NULL`);
  }

  /** `notify_comments_of_post` announcing `old`/`new`, its update trigger firing when one of `columns` changed. */
  private async notify(q: QueryRunner, old: string, now: string, columns: string[]): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION notify_comments_of_post() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('${CONTENT_CHANGED_CHANNEL}', ${old}); END IF;
        IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('${CONTENT_CHANGED_CHANNEL}', ${now}); END IF;
        RETURN NULL;
      END $$`);
    const of = (row: 'OLD' | 'NEW') => columns.map((column) => `${row}.${column}`).join(', ');
    await q.query(`DROP TRIGGER IF EXISTS "TR_comments_content_changed_update" ON comments`);
    await q.query(`
      CREATE TRIGGER "TR_comments_content_changed_update" AFTER UPDATE ON comments
      FOR EACH ROW WHEN ((${SHOWN_BEFORE_OR_AFTER}) AND (${of('OLD')}) IS DISTINCT FROM (${of('NEW')}))
      EXECUTE FUNCTION notify_comments_of_post()`);
  }
}
