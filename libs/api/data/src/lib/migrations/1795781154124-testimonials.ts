import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Clients' words (`TestimonialEntity`), versioned as categories are (`Versions1764740000000`) and
 * announced to the page cache as the other content tables (`ContentChanges1764300000000`).
 * `project_id` names the project a testimonial is about; deleting the project keeps the testimonial,
 * about no project. `consented_on` is required: nobody is
 * quoted without having agreed to it. The lengths are `TESTIMONIAL_LIMITS` in the contracts as they
 * were when this migration was written.
 */
export class Testimonials1795781154124 implements MigrationInterface {
  name = 'Testimonials1795781154124';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE testimonials (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        role varchar(200) NOT NULL DEFAULT '',
        company varchar(200) NOT NULL DEFAULT '',
        photo varchar(255) NULL,
        quote text NOT NULL,
        project_id int NULL,
        consented_on date NOT NULL,
        source_url varchar(2000) NULL,
        position int NOT NULL DEFAULT 0,
        hidden boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        version int NOT NULL DEFAULT 1,
        updated_by int NULL,
        updated_via varchar(16) NOT NULL DEFAULT 'rest',
        updated_session varchar(120) NULL,
        CONSTRAINT "FK_testimonials_project_id" FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE SET NULL,
        CONSTRAINT "CHK_testimonials_source_url" CHECK (source_url ~ '^https?://'),
        CONSTRAINT "FK_testimonials_updated_by" FOREIGN KEY (updated_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT "CHK_testimonials_updated_via" CHECK (updated_via IN ('rest', 'trpc', 'import', 'restore')),
        CONSTRAINT "CHK_testimonials_version" CHECK (version > 0)
      )`);
    await q.query(`CREATE INDEX "IDX_testimonials_project_id" ON testimonials (project_id)`);
    await q.query(`
      CREATE TRIGGER "TR_testimonials_content_changed"
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON testimonials
      FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS testimonials`);
  }
}
