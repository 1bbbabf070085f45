import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Projects get the trash and the revisions posts have: `deleted_at` (a trashed project leaves every read but
 * the Trash screen's, gives its slug up, and is purged `RETENTION.trashDays` later, as a post), and `revisions.project_id`, the
 * versions a save replaced (deleted with the project for good, as a post's).
 */
export class ProjectTrashRevisions1795781170000 implements MigrationInterface {
  name = 'ProjectTrashRevisions1795781170000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects ADD COLUMN deleted_at timestamptz NULL`);
    // Unique among the projects out of the trash: a trashed project gives its slug up, as a post does.
    await q.query(`ALTER TABLE projects DROP CONSTRAINT "UQ_projects_slug"`);
    await q.query(`CREATE UNIQUE INDEX "UQ_projects_slug" ON projects (slug) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX "IDX_projects_deleted_at" ON projects (deleted_at) WHERE deleted_at IS NOT NULL`);
    await q.query(`
      ALTER TABLE revisions
        ADD COLUMN project_id int,
        ADD CONSTRAINT "FK_revisions_project" FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE,
        DROP CONSTRAINT "CHK_revisions_one_record",
        ADD CONSTRAINT "CHK_revisions_one_record" CHECK (num_nonnulls(post_id, about_id, project_id) = 1)`);
    await q.query(
      `CREATE INDEX "IDX_revisions_project" ON revisions (project_id, replaced_at DESC) WHERE project_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM revisions WHERE project_id IS NOT NULL`);
    await q.query(`
      ALTER TABLE revisions
        DROP CONSTRAINT "CHK_revisions_one_record",
        DROP COLUMN project_id,
        ADD CONSTRAINT "CHK_revisions_one_record" CHECK (num_nonnulls(post_id, about_id) = 1)`);
    await q.query(`DELETE FROM projects WHERE deleted_at IS NOT NULL`);
    await q.query(`DROP INDEX "UQ_projects_slug"`);
    await q.query(`ALTER TABLE projects ADD CONSTRAINT "UQ_projects_slug" UNIQUE (slug)`);
    await q.query(`ALTER TABLE projects DROP COLUMN deleted_at`);
  }
}
