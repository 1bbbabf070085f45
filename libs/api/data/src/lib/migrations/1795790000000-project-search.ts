import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The site search finds projects as it finds posts (`search_vector`, initial schema): the words of a
 * project, accents folded by `immutable_unaccent`, weighted title, client and stack (A), summary (B),
 * then the case study's problem, approach and outcome (C), kept by PostgreSQL in a generated column
 * with its GIN index. A stack tag's words are split at its punctuation (`node.js` is `node js`), as a
 * visitor's words are (`toPrefixTsQuery` keeps letters and digits only).
 */
export class ProjectSearch1795790000000 implements MigrationInterface {
  name = 'ProjectSearch1795790000000';

  async up(q: QueryRunner): Promise<void> {
    // IMMUTABLE, as a generated column needs (`array_to_string` is only STABLE: it would write any
    // array type, whose output could depend on settings; a text[]'s does not). Names its schema, so
    // that a `pg_dump` restores (see RestorableFunctions1764805000000).
    await q.query(`
      CREATE FUNCTION project_stack_words(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT pg_catalog.regexp_replace(pg_catalog.array_to_string($1, ' '), '[^[:alnum:]]+', ' ', 'g')
      $$`);
    await q.query(`
      ALTER TABLE projects ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple'::regconfig,
          public.immutable_unaccent(title || ' ' || client_name || ' ' || public.project_stack_words(stack))), 'A') ||
        setweight(to_tsvector('simple'::regconfig, public.immutable_unaccent(summary)), 'B') ||
        setweight(to_tsvector('simple'::regconfig, public.immutable_unaccent(
          regexp_replace(problem || ' ' || approach || ' ' || outcome, '<[^>]*>', ' ', 'g'))), 'C')
      ) STORED`);
    await q.query(`CREATE INDEX "IDX_projects_search" ON projects USING GIN (search_vector)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects DROP COLUMN search_vector`);
    await q.query(`DROP FUNCTION project_stack_words(text[])`);
  }
}
