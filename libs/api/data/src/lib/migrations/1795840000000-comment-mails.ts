import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The comment mails sent (libs/api/comments, `mails/`): one row per comment and kind, `held` (the
 * owner's mail about a held comment) or `reply` (the mail to the writer of the comment a reply
 * answers). A sender inserts the row in the transaction that sends, so whatever runs again (a retried
 * job, another instance, a comment approved twice) finds it and sends nothing: each mail goes once.
 * A table of its own: writing to `comments` would tell the page cache a shown comment changed.
 */
export class CommentMails1795840000000 implements MigrationInterface {
  name = 'CommentMails1795840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "comment_mails" (
        comment_id int NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
        kind varchar(5) NOT NULL CONSTRAINT "CHK_comment_mails_kind" CHECK (kind IN ('held', 'reply')),
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (comment_id, kind)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "comment_mails"`);
  }
}
