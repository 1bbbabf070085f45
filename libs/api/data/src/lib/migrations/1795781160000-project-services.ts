import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The services a project used (`service_ids` of a project, in the owner's order): a join table whose
 * rows go with either side (`ON DELETE CASCADE`), so a deleted service leaves no dangling id behind.
 * Written only by the projects' write path (`project-writer`); its changes reach the page cache as the
 * other content tables' do (`notify_content_changed`).
 */
export class ProjectServices1795781160000 implements MigrationInterface {
  name = 'ProjectServices1795781160000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE project_services (
        project_id int NOT NULL,
        service_id int NOT NULL,
        position int NOT NULL,
        CONSTRAINT "PK_project_services" PRIMARY KEY (project_id, service_id),
        CONSTRAINT "FK_project_services_project" FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE,
        CONSTRAINT "FK_project_services_service" FOREIGN KEY (service_id) REFERENCES services (id) ON DELETE CASCADE
      )`);
    // The filtered list (`?service=`) looks projects up by service.
    await q.query(`CREATE INDEX "IDX_project_services_service" ON project_services (service_id)`);
    await q.query(`
      CREATE TRIGGER "TR_project_services_content_changed"
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON project_services
      FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE project_services`);
  }
}
