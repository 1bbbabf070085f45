import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createLonelyGroupTriggers, dropLonelyGroupTriggers } from './1795880000010-lonely-translation-groups';

const TABLES = ['projects', 'services', 'testimonials'];

/**
 * The portfolio in two languages, as posts and categories are (Languages1795880000000): every project,
 * service and testimonial has a language ('en' for what exists) and may belong to a translation group
 * linking its versions, one per language; a group left with one version by a deletion for good is
 * dissolved (`createLonelyGroupTriggers`).
 *
 * A project's and a service's slug is unique per language (a trashed project gives its slug up); a
 * project's old slugs are per language already (`UQ_slug_history_project_slug`). A project's services
 * and a testimonial's project are in its language: kept by the code, which names the field it refuses.
 *
 * Search reads one language's projects; their words stay indexed with `simple` (ProjectSearch1795790000000),
 * whatever the language: a portfolio's words are names, tools and figures more than sentences.
 */
export class PortfolioLanguages1795890000000 implements MigrationInterface {
  name = 'PortfolioLanguages1795890000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await q.query(`
        ALTER TABLE ${table}
          ADD COLUMN language varchar(2) NOT NULL DEFAULT 'en',
          ADD COLUMN translation_group uuid,
          ADD CONSTRAINT "CHK_${table}_language" CHECK (language IN ('en', 'vi'))`);
    }
    await q.query(`DROP INDEX "UQ_projects_slug"`);
    await q.query(`CREATE UNIQUE INDEX "UQ_projects_slug" ON projects (language, slug) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE UNIQUE INDEX "UQ_projects_translation" ON projects (translation_group, language)
      WHERE translation_group IS NOT NULL AND deleted_at IS NULL`);
    await q.query(`ALTER TABLE services DROP CONSTRAINT "UQ_services_slug"`);
    await q.query(`CREATE UNIQUE INDEX "UQ_services_slug" ON services (language, slug)`);
    for (const table of ['services', 'testimonials']) {
      await q.query(`
        CREATE UNIQUE INDEX "UQ_${table}_translation" ON ${table} (translation_group, language)
        WHERE translation_group IS NOT NULL`);
    }
    await createLonelyGroupTriggers(q, TABLES);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropLonelyGroupTriggers(q, TABLES);
    // Going back means one language: another language's record that shares a slug with an English one
    // takes `-{language}` after it, as Languages1795880000000's down does.
    await q.query(`
      UPDATE projects project SET slug = left(project.slug, 197) || '-' || project.language
      WHERE project.language <> 'en' AND project.deleted_at IS NULL AND EXISTS (
        SELECT 1 FROM projects other WHERE other.slug = project.slug AND other.language = 'en' AND other.deleted_at IS NULL)`);
    await q.query(`
      UPDATE services service SET slug = left(service.slug, 197) || '-' || service.language
      WHERE service.language <> 'en' AND EXISTS (
        SELECT 1 FROM services other WHERE other.slug = service.slug AND other.language = 'en')`);
    for (const table of TABLES) await q.query(`DROP INDEX "UQ_${table}_translation"`);
    await q.query(`DROP INDEX "UQ_services_slug"`);
    await q.query(`ALTER TABLE services ADD CONSTRAINT "UQ_services_slug" UNIQUE (slug)`);
    await q.query(`DROP INDEX "UQ_projects_slug"`);
    await q.query(`CREATE UNIQUE INDEX "UQ_projects_slug" ON projects (slug) WHERE deleted_at IS NULL`);
    for (const table of TABLES) {
      await q.query(
        `ALTER TABLE ${table} DROP CONSTRAINT "CHK_${table}_language", DROP COLUMN language, DROP COLUMN translation_group`,
      );
    }
  }
}
