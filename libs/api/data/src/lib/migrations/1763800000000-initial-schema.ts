import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first schema: users, categories, posts (with full-text search), about, general info,
 * contact messages and sessions.
 */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    // unaccent() is only STABLE (its dictionary could change), so generated columns and indexes
    // cannot call it; naming the dictionary explicitly makes the wrapper safe to mark IMMUTABLE.
    await q.query(`
      CREATE FUNCTION immutable_unaccent(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$`);

    await q.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        email varchar(254) NOT NULL,
        name varchar(200) NOT NULL,
        password_hash varchar(255) NOT NULL,
        is_admin boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_users_email" UNIQUE (email)
      )`);

    await q.query(`
      CREATE TABLE categories (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        slug varchar(200) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_categories_slug" UNIQUE (slug)
      )`);

    await q.query(`
      CREATE TABLE posts (
        id serial PRIMARY KEY,
        category_id integer NOT NULL,
        title varchar(300) NOT NULL,
        slug varchar(200) NOT NULL,
        content text NOT NULL DEFAULT '',
        short_content text NOT NULL DEFAULT '',
        thumbnail varchar(255),
        meta_title varchar(300) NOT NULL DEFAULT '',
        meta_description text NOT NULL DEFAULT '',
        meta_keywords text NOT NULL DEFAULT '',
        status smallint NOT NULL DEFAULT 0,
        color varchar(100),
        price varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search_vector tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('simple'::regconfig, immutable_unaccent(title)), 'A') ||
          setweight(to_tsvector('simple'::regconfig,
            immutable_unaccent(regexp_replace(short_content, '<[^>]*>', ' ', 'g'))), 'B') ||
          setweight(to_tsvector('simple'::regconfig,
            immutable_unaccent(regexp_replace(content, '<[^>]*>', ' ', 'g'))), 'C')
        ) STORED,
        CONSTRAINT "UQ_posts_slug" UNIQUE (slug),
        CONSTRAINT "CHK_posts_status" CHECK (status IN (0, 1)),
        CONSTRAINT "FK_posts_category" FOREIGN KEY (category_id)
          REFERENCES categories (id) ON DELETE RESTRICT
      )`);
    // Public lists read visible posts newest first, overall and per category.
    await q.query(`CREATE INDEX "IDX_posts_visible_updated" ON posts (updated_at DESC, id DESC) WHERE status = 0`);
    await q.query(
      `CREATE INDEX "IDX_posts_visible_category_updated" ON posts (category_id, updated_at DESC, id DESC) WHERE status = 0`,
    );
    // Serves the foreign key check when a category is deleted, hidden posts included.
    await q.query(`CREATE INDEX "IDX_posts_category" ON posts (category_id)`);
    await q.query(`CREATE INDEX "IDX_posts_search" ON posts USING GIN (search_vector)`);

    await q.query(`
      CREATE TABLE about (
        id serial PRIMARY KEY,
        content text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE general_info (
        id serial PRIMARY KEY,
        logo_1 varchar(255),
        logo_2 varchar(255),
        favicon varchar(255),
        email varchar(254) NOT NULL DEFAULT '',
        phone varchar(50) NOT NULL DEFAULT '',
        address varchar(300) NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE contact_messages (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        email varchar(254) NOT NULL,
        phone varchar(50) NOT NULL DEFAULT '',
        message text NOT NULL,
        read_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "IDX_contact_messages_created" ON contact_messages (created_at DESC)`);

    // The layout connect-pg-simple expects.
    await q.query(`
      CREATE TABLE sessions (
        sid varchar PRIMARY KEY,
        sess json NOT NULL,
        expire timestamp(6) NOT NULL
      )`);
    await q.query(`CREATE INDEX "IDX_sessions_expire" ON sessions (expire)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['sessions', 'contact_messages', 'general_info', 'about', 'posts', 'categories', 'users']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await q.query(`DROP FUNCTION IF EXISTS immutable_unaccent(text)`);
  }
}
