import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['posts', 'categories'];

/**
 * A translation group with one version left is no group: when posts or categories are deleted for good
 * (the trash's purge, a category deleted with its trashed posts), the version they leave alone in a group
 * leaves it too. The code that unlinks a version does the same (`dissolveLonelyGroup`).
 */
export class LonelyTranslationGroups1795880000010 implements MigrationInterface {
  name = 'LonelyTranslationGroups1795880000010';

  async up(q: QueryRunner): Promise<void> {
    await createLonelyGroupTriggers(q, TABLES);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropLonelyGroupTriggers(q, TABLES);
  }
}

/** The trigger of each of `tables` that dissolves the groups its deleted rows leave with one version. */
export async function createLonelyGroupTriggers(q: QueryRunner, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await q.query(`
      CREATE FUNCTION ${table}_dissolve_lonely_groups() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE ${table} kept SET translation_group = NULL
         WHERE kept.translation_group IN (SELECT gone.translation_group FROM gone)
           AND NOT EXISTS (SELECT 1 FROM ${table} other
                            WHERE other.translation_group = kept.translation_group AND other.id <> kept.id);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER "TR_${table}_dissolve_lonely_groups" AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION ${table}_dissolve_lonely_groups()`);
  }
}

export async function dropLonelyGroupTriggers(q: QueryRunner, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await q.query(`DROP TRIGGER "TR_${table}_dissolve_lonely_groups" ON ${table}`);
    await q.query(`DROP FUNCTION ${table}_dissolve_lonely_groups()`);
  }
}
