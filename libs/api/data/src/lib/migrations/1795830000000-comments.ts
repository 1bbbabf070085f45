import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Readers' comments under posts (libs/api/comments): the comments, replies one level deep (a reply's
 * parent is a top-level comment, checked by the service), what "mark spam" taught the filter, a post's
 * own switch and the site's comment settings in General information. Lengths are the contracts'
 * `COMMENT_LIMITS` as they were when this migration was written: a later change is a new migration.
 * No address is stored: `address_hash` is a keyed hash of it (rate limits, the owner's "same writer").
 */
export class Comments1795830000000 implements MigrationInterface {
  name = 'Comments1795830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "comments" (
        id serial PRIMARY KEY,
        post_id int NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
        parent_id int REFERENCES comments (id) ON DELETE CASCADE,
        author_name varchar(100) NOT NULL,
        author_email varchar(254) NOT NULL,
        author_url varchar(300),
        body varchar(5000) NOT NULL,
        state varchar(10) NOT NULL DEFAULT 'pending'
          CONSTRAINT "CHK_comments_state" CHECK (state IN ('pending', 'approved', 'spam', 'trash')),
        by_owner boolean NOT NULL DEFAULT false,
        notify_replies boolean NOT NULL DEFAULT false,
        spam_score int NOT NULL DEFAULT 0,
        signals jsonb NOT NULL DEFAULT '[]',
        address_hash varchar(64),
        user_agent varchar(500) NOT NULL DEFAULT '',
        writer_token_hash varchar(64),
        created_at timestamptz NOT NULL DEFAULT now(),
        approved_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A post's thread as readers see it, and the owner's queue.
    await q.query(
      `CREATE INDEX "IDX_comments_post_approved" ON comments (post_id, created_at) WHERE state = 'approved'`,
    );
    await q.query(`CREATE INDEX "IDX_comments_pending" ON comments (created_at) WHERE state = 'pending'`);
    // The cascade from a parent, a writer's earlier comments (trusted or not), the same text posted again.
    await q.query(`CREATE INDEX "IDX_comments_parent" ON comments (parent_id) WHERE parent_id IS NOT NULL`);
    await q.query(`CREATE INDEX "IDX_comments_email" ON comments (lower(author_email))`);
    await q.query(`CREATE INDEX "IDX_comments_body" ON comments (md5(body), created_at)`);
    await q.query(`
      CREATE TABLE "comment_spam_marks" (
        id serial PRIMARY KEY,
        kind varchar(5) NOT NULL CONSTRAINT "CHK_comment_spam_marks_kind" CHECK (kind IN ('email', 'host')),
        value varchar(300) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_comment_spam_marks" UNIQUE (kind, value)
      )`);
    await q.query(`ALTER TABLE posts ADD COLUMN comments_open boolean NOT NULL DEFAULT true`);
    await q.query(`
      ALTER TABLE general_info
        ADD COLUMN comments_enabled boolean NOT NULL DEFAULT true,
        ADD COLUMN comments_close_after_days int NOT NULL DEFAULT 0,
        ADD COLUMN comments_max_links int NOT NULL DEFAULT 2,
        ADD COLUMN comments_block_list text NOT NULL DEFAULT '',
        ADD COLUMN comments_spam_threshold int NOT NULL DEFAULT 50`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE general_info
        DROP COLUMN comments_enabled,
        DROP COLUMN comments_close_after_days,
        DROP COLUMN comments_max_links,
        DROP COLUMN comments_block_list,
        DROP COLUMN comments_spam_threshold`);
    await q.query(`ALTER TABLE posts DROP COLUMN comments_open`);
    await q.query(`DROP TABLE "comment_spam_marks"`);
    await q.query(`DROP TABLE "comments"`);
  }
}
