import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The trigger functions that read and write tables by name (`notify_content_changed` names none). */
const TRIGGER_FUNCTIONS = ['count_visible_posts()', 'index_post_keywords()'] as const;

/** RelatedKeywords1764760000000's `post_keywords`, folding accents with `unaccent` (same results: the stored keywords stay valid). */
const postKeywords = (unaccent: string) => `
  CREATE OR REPLACE FUNCTION post_keywords(text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT coalesce(array_agg(DISTINCT keyword ORDER BY keyword), '{}')
    FROM (SELECT ${unaccent}(lower(btrim(part))) AS keyword FROM unnest(string_to_array($1, ',')) AS part) AS parts
    WHERE keyword <> ''
  $$`;

/**
 * Makes the site's functions work whatever the session's `search_path`: a `pg_dump` restores (and
 * writes its rows) with an empty one, and `post_keywords`, which the generated column `keywords`
 * calls for every row restored, called `immutable_unaccent` without its schema, so no dump restored.
 *
 * A function evaluated in a generated column names what it calls with its schema: a `SET
 * search_path` clause would be set and reset for every row (and keeps an SQL function from being
 * inlined). The trigger functions, which refer to tables in their bodies, run under a fixed
 * `search_path` instead. `immutable_unaccent` named its schema from the start.
 */
export class RestorableFunctions1764805000000 implements MigrationInterface {
  name = 'RestorableFunctions1764805000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(postKeywords('public.immutable_unaccent'));
    for (const name of TRIGGER_FUNCTIONS) await q.query(`ALTER FUNCTION ${name} SET search_path = public`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const name of TRIGGER_FUNCTIONS) await q.query(`ALTER FUNCTION ${name} RESET search_path`);
    await q.query(postKeywords('immutable_unaccent'));
  }
}
