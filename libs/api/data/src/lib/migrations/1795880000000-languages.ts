import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two languages: every post, category, old slug and About page has a language ('en' for what exists, so
 * every address stays as it was), and posts and categories may belong to a translation group linking
 * their versions, one per language. General information names the site's default language and the
 * languages it runs.
 *
 * A slug is unique per language (the same slug may serve both, each under its own address), and so is an
 * old slug per kind. A post's category is in the post's language (a foreign key on both columns). There is
 * one About page per language.
 *
 * Search: a post's words are indexed with its language's text search configuration
 * (`language_search_config`): `english` stems English ("travelling" finds "travel"), `simple` keeps
 * Vietnamese syllables whole; both fold accents (`immutable_unaccent`) as before.
 */
export class Languages1795880000000 implements MigrationInterface {
  name = 'Languages1795880000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE general_info
        ADD COLUMN default_language varchar(2) NOT NULL DEFAULT 'en',
        ADD COLUMN languages varchar(2)[] NOT NULL DEFAULT '{en,vi}',
        ADD CONSTRAINT "CHK_general_info_languages" CHECK (languages <@ '{en,vi}' AND default_language = ANY (languages))`);

    for (const table of ['posts', 'categories']) {
      await q.query(`
        ALTER TABLE ${table}
          ADD COLUMN language varchar(2) NOT NULL DEFAULT 'en',
          ADD COLUMN translation_group uuid,
          ADD CONSTRAINT "CHK_${table}_language" CHECK (language IN ('en', 'vi'))`);
    }
    await q.query(`DROP INDEX "UQ_posts_slug"`);
    await q.query(`CREATE UNIQUE INDEX "UQ_posts_slug" ON posts (language, slug) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE UNIQUE INDEX "UQ_posts_translation" ON posts (translation_group, language)
      WHERE translation_group IS NOT NULL AND deleted_at IS NULL`);
    await q.query(`ALTER TABLE categories ADD CONSTRAINT "UQ_categories_id_language" UNIQUE (id, language)`);
    await q.query(`
      ALTER TABLE posts ADD CONSTRAINT "FK_posts_category_language" FOREIGN KEY (category_id, language)
      REFERENCES categories (id, language)`);
    await q.query(`ALTER TABLE categories DROP CONSTRAINT "UQ_categories_slug"`);
    await q.query(`CREATE UNIQUE INDEX "UQ_categories_slug" ON categories (language, slug)`);
    await q.query(`
      CREATE UNIQUE INDEX "UQ_categories_translation" ON categories (translation_group, language)
      WHERE translation_group IS NOT NULL`);
    // The public lists read one language's visible posts newest first.
    await q.query(`DROP INDEX "IDX_posts_visible_listed"`);
    await q.query(`
      CREATE INDEX "IDX_posts_visible_listed" ON posts (language, listed_at DESC, id DESC)
      WHERE status = 0 AND deleted_at IS NULL`);

    await q.query(`ALTER TABLE slug_history ADD COLUMN language varchar(2) NOT NULL DEFAULT 'en'`);
    for (const kind of ['post', 'category', 'project']) {
      await q.query(`DROP INDEX "UQ_slug_history_${kind}_slug"`);
      await q.query(`
        CREATE UNIQUE INDEX "UQ_slug_history_${kind}_slug" ON slug_history (language, slug)
        WHERE ${kind}_id IS NOT NULL`);
    }

    await q.query(`
      ALTER TABLE about
        ADD COLUMN language varchar(2) NOT NULL DEFAULT 'en',
        ADD CONSTRAINT "CHK_about_language" CHECK (language IN ('en', 'vi'))`);
    await q.query(`DROP INDEX "UQ_about_singleton"`);
    await q.query(`CREATE UNIQUE INDEX "UQ_about_language" ON about (language)`);

    await q.query(`
      CREATE FUNCTION language_search_config(language varchar) RETURNS regconfig
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT CASE language WHEN 'en' THEN 'english'::regconfig ELSE 'simple'::regconfig END $$`);
    await rebuildSearchColumns(q, 'language_search_config(language)');
  }

  async down(q: QueryRunner): Promise<void> {
    await rebuildSearchColumns(q, `'simple'::regconfig`);
    await q.query(`DROP FUNCTION language_search_config(varchar)`);

    // Going back means one language: one About page, and every slug alone again (another language's
    // record that shares one with an English record takes `-{language}` after it).
    await q.query(
      `DELETE FROM about WHERE language <> 'en' AND EXISTS (SELECT 1 FROM about other WHERE other.language = 'en')`,
    );
    await q.query(`DELETE FROM about WHERE id NOT IN (SELECT min(id) FROM about)`);
    await q.query(`DROP INDEX "UQ_about_language"`);
    await q.query(`CREATE UNIQUE INDEX "UQ_about_singleton" ON about ((true))`);
    await q.query(`ALTER TABLE about DROP CONSTRAINT "CHK_about_language", DROP COLUMN language`);

    await q.query(`
      DELETE FROM slug_history history WHERE language <> 'en' AND EXISTS (
        SELECT 1 FROM slug_history other WHERE other.slug = history.slug AND other.id <> history.id
          AND (other.post_id IS NULL) = (history.post_id IS NULL)
          AND (other.category_id IS NULL) = (history.category_id IS NULL))`);
    for (const kind of ['post', 'category', 'project']) {
      await q.query(`DROP INDEX "UQ_slug_history_${kind}_slug"`);
      await q.query(
        `CREATE UNIQUE INDEX "UQ_slug_history_${kind}_slug" ON slug_history (slug) WHERE ${kind}_id IS NOT NULL`,
      );
    }
    await q.query(`ALTER TABLE slug_history DROP COLUMN language`);

    await q.query(`DROP INDEX "IDX_posts_visible_listed"`);
    await q.query(
      `CREATE INDEX "IDX_posts_visible_listed" ON posts (listed_at DESC, id DESC) WHERE status = 0 AND deleted_at IS NULL`,
    );
    await q.query(`
      UPDATE posts post SET slug = left(post.slug, 197) || '-' || post.language
      WHERE post.language <> 'en' AND post.deleted_at IS NULL AND EXISTS (
        SELECT 1 FROM posts other WHERE other.slug = post.slug AND other.language = 'en' AND other.deleted_at IS NULL)`);
    await q.query(`
      UPDATE categories category SET slug = left(category.slug, 197) || '-' || category.language
      WHERE category.language <> 'en' AND EXISTS (
        SELECT 1 FROM categories other WHERE other.slug = category.slug AND other.language = 'en')`);
    await q.query(`ALTER TABLE posts DROP CONSTRAINT "FK_posts_category_language"`);
    await q.query(`ALTER TABLE categories DROP CONSTRAINT "UQ_categories_id_language"`);
    await q.query(`DROP INDEX "UQ_posts_translation"`);
    await q.query(`DROP INDEX "UQ_posts_slug"`);
    await q.query(`CREATE UNIQUE INDEX "UQ_posts_slug" ON posts (slug) WHERE deleted_at IS NULL`);
    await q.query(`DROP INDEX "UQ_categories_translation"`);
    await q.query(`DROP INDEX "UQ_categories_slug"`);
    await q.query(`ALTER TABLE categories ADD CONSTRAINT "UQ_categories_slug" UNIQUE (slug)`);
    for (const table of ['posts', 'categories']) {
      await q.query(
        `ALTER TABLE ${table} DROP CONSTRAINT "CHK_${table}_language", DROP COLUMN language, DROP COLUMN translation_group`,
      );
    }

    await q.query(`
      ALTER TABLE general_info DROP CONSTRAINT "CHK_general_info_languages",
        DROP COLUMN default_language, DROP COLUMN languages`);
  }
}

/** The posts' search vectors (initial schema, FastPublicReads1764100000000) built with `config`, and their indexes. */
async function rebuildSearchColumns(q: QueryRunner, config: string): Promise<void> {
  const words = (column: string) =>
    `to_tsvector(${config}, immutable_unaccent(regexp_replace(${column}, '<[^>]*>', ' ', 'g')))`;
  const title = `setweight(to_tsvector(${config}, immutable_unaccent(title)), 'A')`;
  const head = `${title} || setweight(${words('short_content')}, 'B')`;
  await q.query(`ALTER TABLE posts DROP COLUMN search_vector, DROP COLUMN search_head`);
  await q.query(`
    ALTER TABLE posts
      ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${head} || setweight(${words('content')}, 'C')) STORED,
      ADD COLUMN search_head tsvector GENERATED ALWAYS AS (${head}) STORED`);
  await q.query(`CREATE INDEX "IDX_posts_search" ON posts USING GIN (search_vector)`);
  await q.query(
    `CREATE INDEX "IDX_posts_search_head" ON posts USING GIN (search_head) WHERE status = 0 AND deleted_at IS NULL`,
  );
}
