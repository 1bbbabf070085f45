import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The portfolio's projects (`ProjectEntity`), versioned and published as posts are, with their old slugs in
 * `slug_history` (`project_id`) and their changes announced to the page cache (`notify_content_changed`).
 * The lengths and bounds are the contracts' (`project.schema.ts`) as they were when this migration was
 * written: a later change to them is a new migration.
 */
export class Projects1795781141759 implements MigrationInterface {
  name = 'Projects1795781141759';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE projects (
        id serial PRIMARY KEY,
        title varchar(300) NOT NULL,
        slug varchar(200) NOT NULL,
        client_name varchar(200) NOT NULL DEFAULT '',
        client_url varchar(2000),
        year_from int NOT NULL,
        year_to int,
        role varchar(200) NOT NULL DEFAULT '',
        team_size int,
        stack text[] NOT NULL DEFAULT '{}',
        live_url varchar(2000),
        source_url varchar(2000),
        summary text NOT NULL DEFAULT '',
        cover varchar(255),
        cover_alt varchar(300) NOT NULL DEFAULT '',
        gallery jsonb NOT NULL DEFAULT '[]',
        problem text NOT NULL DEFAULT '',
        approach text NOT NULL DEFAULT '',
        outcome text NOT NULL DEFAULT '',
        results jsonb NOT NULL DEFAULT '[]',
        related_post_ids int[] NOT NULL DEFAULT '{}',
        featured boolean NOT NULL DEFAULT false,
        sort_order int NOT NULL DEFAULT 0,
        meta_title varchar(300) NOT NULL DEFAULT '',
        meta_description text NOT NULL DEFAULT '',
        status smallint NOT NULL DEFAULT 0,
        published_at timestamptz DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        version int NOT NULL DEFAULT 1,
        updated_by int NULL,
        updated_via varchar(16) NOT NULL DEFAULT 'rest',
        updated_session varchar(120) NULL,
        CONSTRAINT "UQ_projects_slug" UNIQUE (slug),
        CONSTRAINT "CHK_projects_years" CHECK (year_to IS NULL OR year_to >= year_from),
        CONSTRAINT "CHK_projects_team_size" CHECK (team_size IS NULL OR team_size >= 1),
        CONSTRAINT "CHK_projects_status" CHECK (status IN (0, 1)),
        CONSTRAINT "CHK_projects_gallery" CHECK (jsonb_typeof(gallery) = 'array'),
        CONSTRAINT "CHK_projects_results" CHECK (jsonb_typeof(results) = 'array'),
        CONSTRAINT "FK_projects_updated_by" FOREIGN KEY (updated_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT "CHK_projects_updated_via" CHECK (updated_via IN ('rest', 'trpc', 'import', 'restore')),
        CONSTRAINT "CHK_projects_version" CHECK (version > 0)
      )`);
    // The filtered list (`?stack=react`) looks tags up in the arrays.
    await q.query(`CREATE INDEX "IDX_projects_stack" ON projects USING gin (stack)`);
    await q.query(`CREATE INDEX "IDX_projects_updated_by" ON projects (updated_by)`);

    // A renamed project's old slug, beside the posts' and categories' (one owner a row, unique per kind).
    await q.query(`
      ALTER TABLE slug_history
        ADD COLUMN project_id int,
        ADD CONSTRAINT "FK_slug_history_project" FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE,
        DROP CONSTRAINT "CHK_slug_history_one_owner",
        ADD CONSTRAINT "CHK_slug_history_one_owner" CHECK (num_nonnulls(post_id, category_id, project_id) = 1)`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_slug_history_project_slug" ON slug_history (slug) WHERE project_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX "IDX_slug_history_project" ON slug_history (project_id) WHERE project_id IS NOT NULL`);

    await q.query(`
      CREATE TRIGGER "TR_projects_content_changed"
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON projects
      FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM slug_history WHERE project_id IS NOT NULL`);
    await q.query(`
      ALTER TABLE slug_history
        DROP CONSTRAINT "CHK_slug_history_one_owner",
        DROP COLUMN project_id,
        ADD CONSTRAINT "CHK_slug_history_one_owner" CHECK (num_nonnulls(post_id, category_id) = 1)`);
    await q.query(`DROP TABLE projects`);
  }
}
