import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The text of a post's content: tags and the non-breaking spaces between words made spaces. */
const TEXT = `regexp_replace(regexp_replace(content, '<[^>]*>', ' ', 'g'), '&nbsp;|&#160;|\\u00a0', ' ', 'g')`;

/**
 * What a post's reading time is counted from, kept by PostgreSQL whatever writes the post (the
 * admin, the seed, a migration): `word_count`, the runs of characters between white space in its
 * text, which for Vietnamese are its syllables (tiếng), the unit its reading speeds are given in, and
 * for English its words; `image_count`, its images. Generated columns: nothing to keep in step.
 */
export class ReadingTime1764630000000 implements MigrationInterface {
  name = 'ReadingTime1764630000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE posts
        ADD COLUMN word_count integer GENERATED ALWAYS AS (
          coalesce(array_length(regexp_split_to_array(nullif(btrim(${TEXT}, E' \\t\\n\\r'), ''), E'\\\\s+'), 1), 0)
        ) STORED,
        ADD COLUMN image_count integer GENERATED ALWAYS AS (
          (length(content) - length(replace(content, '<img', ''))) / length('<img')
        ) STORED`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE posts DROP COLUMN image_count, DROP COLUMN word_count`);
  }
}
