import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Redirects from old addresses (`redirects`) and the log of public paths that answered 404
 * (`not_found_hits`). Every instance keeps the redirects in memory, so a change to them is announced
 * on `content_changed` like the content tables' (`ContentChanges1764300000000`), but an UPDATE only
 * when it sets what a redirect answers: the batched hit counts (`hits`, `last_hit_at`) would otherwise
 * make every instance reload every few seconds. The lengths are `REDIRECT_PATH_MAX_LENGTH` and
 * `NOT_FOUND_PATH_MAX_LENGTH` in the contracts as they were when this was written.
 */
export class Redirects1764685000000 implements MigrationInterface {
  name = 'Redirects1764685000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE redirects (
        id serial PRIMARY KEY,
        from_path varchar(2000) NOT NULL,
        to_path varchar(2000) NOT NULL,
        status_code smallint NOT NULL DEFAULT 301,
        hits integer NOT NULL DEFAULT 0,
        last_hit_at timestamptz,
        source text NOT NULL DEFAULT 'manual',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_redirects_from_path" UNIQUE (from_path),
        CONSTRAINT "CHK_redirects_status_code" CHECK (status_code IN (301, 302)),
        CONSTRAINT "CHK_redirects_not_to_itself" CHECK (from_path <> to_path)
      )`);
    await q.query(`
      CREATE TRIGGER "TR_redirects_content_changed"
      AFTER INSERT OR UPDATE OF from_path, to_path, status_code OR DELETE OR TRUNCATE ON redirects
      FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed()`);
    await q.query(`
      CREATE TABLE not_found_hits (
        id serial PRIMARY KEY,
        path varchar(1000) NOT NULL,
        hits integer NOT NULL DEFAULT 0,
        first_seen_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        referrer_host varchar(255),
        CONSTRAINT "UQ_not_found_hits_path" UNIQUE (path)
      )`);
    // The admin lists the most hit first; pruning keeps the most recently seen.
    await q.query(`CREATE INDEX "IDX_not_found_hits_hits" ON not_found_hits (hits DESC, last_seen_at DESC)`);
    await q.query(`CREATE INDEX "IDX_not_found_hits_last_seen_at" ON not_found_hits (last_seen_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS not_found_hits`);
    await q.query(`DROP TABLE IF EXISTS redirects`);
  }
}
