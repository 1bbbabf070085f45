import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The records that have a version: posts, the About record, the general info and categories. */
const VERSIONED_TABLES = ['posts', 'about', 'general_info', 'categories'] as const;
/** `REVISION_DOORS` as they were when this migration was written (a migration never changes with the code). */
const DOORS = `'rest', 'trpc', 'import', 'restore'`;

/**
 * Versions and revisions, so that a save over a newer version is refused and older versions can be restored.
 *
 * Each versioned record gets `version` (1 when created, bumped by every write in the UPDATE itself, so
 * a save that names the version it started from matches no row once another save got in) and who last
 * wrote it: the user, the door and the session's device, for the conflict a refused save reports.
 * Rows written before have no known author: their door reads 'rest', as the spec's client wrote them.
 *
 * `revisions` keeps every version of a post or of the About record that a save replaced, with who
 * wrote it and when: a trashed post keeps its revisions; deleting the record for good deletes them.
 */
export class Versions1764740000000 implements MigrationInterface {
  name = 'Versions1764740000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of VERSIONED_TABLES) {
      await q.query(
        `ALTER TABLE ${table}
           ADD COLUMN version int NOT NULL DEFAULT 1,
           ADD COLUMN updated_by int NULL,
           ADD COLUMN updated_via varchar(16) NOT NULL DEFAULT 'rest',
           ADD COLUMN updated_session varchar(120) NULL,
           ADD CONSTRAINT "FK_${table}_updated_by" FOREIGN KEY (updated_by) REFERENCES users (id) ON DELETE SET NULL,
           ADD CONSTRAINT "CHK_${table}_updated_via" CHECK (updated_via IN (${DOORS})),
           ADD CONSTRAINT "CHK_${table}_version" CHECK (version > 0)`,
      );
    }
    await q.query(`
      CREATE TABLE revisions (
        id serial PRIMARY KEY,
        post_id int NULL,
        about_id int NULL,
        version int NOT NULL,
        fields jsonb NOT NULL,
        saved_at timestamptz NOT NULL,
        saved_by int NULL,
        saved_via varchar(16) NOT NULL,
        saved_session varchar(120) NULL,
        replaced_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "FK_revisions_post" FOREIGN KEY (post_id) REFERENCES posts (id) ON DELETE CASCADE,
        CONSTRAINT "FK_revisions_about" FOREIGN KEY (about_id) REFERENCES about (id) ON DELETE CASCADE,
        CONSTRAINT "FK_revisions_saved_by" FOREIGN KEY (saved_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT "CHK_revisions_one_record" CHECK (num_nonnulls(post_id, about_id) = 1),
        CONSTRAINT "CHK_revisions_saved_via" CHECK (saved_via IN (${DOORS}))
      )`);
    // The History panel (newest first) and the thinning read the revisions of one record.
    await q.query(
      `CREATE INDEX "IDX_revisions_post" ON revisions (post_id, replaced_at DESC) WHERE post_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX "IDX_revisions_about" ON revisions (about_id, replaced_at DESC) WHERE about_id IS NOT NULL`,
    );
    // Who saved a version may be deleted: the foreign keys' SET NULL find their rows by these.
    await q.query(`CREATE INDEX "IDX_revisions_saved_by" ON revisions (saved_by) WHERE saved_by IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE revisions`);
    for (const table of VERSIONED_TABLES) {
      await q.query(
        `ALTER TABLE ${table} DROP COLUMN version, DROP COLUMN updated_by, DROP COLUMN updated_via, DROP COLUMN updated_session`,
      );
    }
  }
}
