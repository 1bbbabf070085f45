import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  COMMENT_UNNAMED_WRITER,
  COMMENT_STATES,
  COMMENTS_PAGE_SIZE,
  type AdminComment,
  type CommentAction,
  type CommentCounts,
  type CommentList,
  type CommentsQuery,
  type CommentState,
} from '@blog/contracts';
import { DomainError, DomainEvents } from '@blog/api/core';
import {
  ADMIN_COMMENT_COLUMNS,
  ADMIN_COMMENT_FROM,
  adminComments,
  toAdminComment,
  type AdminCommentRow,
} from '../comment-records';
import { linkedHosts } from '../spam/spam-signals';
import { CommentsService } from '../submitting/comments.service';

/** The state each action leaves a comment in. */
const ACTION_STATE = { approve: 'approved', spam: 'spam', trash: 'trash' } as const satisfies Record<
  CommentAction,
  string
>;

const NO_COMMENT = 'No such comment';

/** Who answers as the owner: the signed-in administrator (or the token's). */
export interface CommentOwner {
  name: string;
  email: string;
}

/**
 * The owner's moderation: the queue (pending first), approving, marking spam (which teaches the
 * filter the writer's e-mail and the hosts it linked), trashing, correcting a text, answering as the
 * author (shown at once, and the comment answered with it), in bulk too.
 */
@Injectable()
export class CommentsAdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: DomainEvents,
    private readonly comments: CommentsService,
  ) {}

  async list({ post, state, page }: CommentsQuery): Promise<CommentList> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (post !== undefined) where.push(`c.post_id = $${params.push(post)}`);
    if (state !== undefined) where.push(`c.state = $${params.push(state)}`);
    const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = await this.dataSource.query<Array<{ total: number }>>(
      `SELECT count(*)::int AS total FROM comments c ${filter}`,
      params,
    );
    const rows = await this.dataSource.query<AdminCommentRow[]>(
      `SELECT ${ADMIN_COMMENT_COLUMNS} FROM ${ADMIN_COMMENT_FROM} ${filter}
       ORDER BY c.state = 'pending' DESC, c.created_at DESC, c.id DESC
       LIMIT ${COMMENTS_PAGE_SIZE} OFFSET $${params.push((page - 1) * COMMENTS_PAGE_SIZE)}`,
      params,
    );
    return { comments: rows.map(toAdminComment), total, page, page_size: COMMENTS_PAGE_SIZE };
  }

  /** How many comments in each state (the sidebar's badge is `pending`). */
  async counts(): Promise<CommentCounts> {
    const rows = await this.dataSource.query<Array<{ state: string; count: number }>>(
      `SELECT state, count(*)::int AS count FROM comments GROUP BY state`,
    );
    return Object.fromEntries(
      COMMENT_STATES.map((state) => [state, rows.find((row) => row.state === state)?.count ?? 0]),
    ) as CommentCounts;
  }

  /** One comment moderated; 404 when there is none. */
  async moderate(id: number, action: CommentAction): Promise<AdminComment> {
    await this.get(id);
    await this.bulk(action, [id]);
    return this.get(id);
  }

  /**
   * Comments moderated at once: those that exist and were in another state (in `onlyFrom`, when given)
   * change; answers how many.
   */
  async bulk(action: CommentAction, ids: readonly number[], onlyFrom?: CommentState): Promise<{ changed: number }> {
    const state = ACTION_STATE[action];
    const changed = await this.dataSource.transaction(async (manager) => {
      // An UPDATE answers its rows and their count.
      const [rows] = await manager.query<
        [
          Array<{ id: number; author_email: string; author_url: string | null; body: string; by_owner: boolean }>,
          number,
        ]
      >(
        `UPDATE comments SET state = $2::text, updated_at = now(),
           approved_at = CASE WHEN $2::text = 'approved' THEN coalesce(approved_at, now()) ELSE approved_at END
         WHERE id = ANY($1) AND state <> $2::text AND ($3::text IS NULL OR state = $3::text)
         RETURNING id, author_email, author_url, body, by_owner`,
        [ids, state, onlyFrom ?? null],
      );
      if (action === 'spam')
        await this.teach(
          manager,
          rows.filter((row) => !row.by_owner),
        );
      return rows.map((row) => row.id);
    });
    if (action === 'approve') {
      for (const record of await adminComments(this.dataSource.manager, changed)) {
        await this.events.emit('comment.approved', record);
      }
    }
    return { changed: changed.length };
  }

  /** The owner corrects a comment's text. */
  async edit(id: number, body: string): Promise<AdminComment> {
    const [, changed] = await this.dataSource.query<[unknown, number]>(
      `UPDATE comments SET body = $2, updated_at = now() WHERE id = $1`,
      [id, body],
    );
    if (changed === 0) throw new DomainError('NOT_FOUND', NO_COMMENT);
    return this.get(id);
  }

  /**
   * The owner answers a comment: shown at once as the author's, under the comment's thread (an answer to
   * a reply goes under the comment it replies to: one level deep). A held comment answered is approved
   * with it, as WordPress does.
   */
  async reply(id: number, body: string, owner: CommentOwner): Promise<AdminComment> {
    const parent = await this.get(id);
    if (parent.state === 'pending') await this.bulk('approve', [id]);
    const [{ id: replyId }] = await this.dataSource.query<Array<{ id: number }>>(
      `INSERT INTO comments (post_id, project_id, parent_id, author_name, author_email, body, state, by_owner, approved_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'approved', true, now()) RETURNING id`,
      [parent.post?.id, parent.project?.id, parent.parent_id ?? parent.id, owner.name, owner.email, body],
    );
    const reply = await this.get(replyId);
    await this.events.emit('comment.created', reply);
    await this.events.emit('comment.approved', reply);
    return reply;
  }

  /**
   * Forgets a writer (their request, as the GDPR's right to erasure): every comment written with `email`
   * is shown as `COMMENT_UNNAMED_WRITER`'s, without e-mail, website, user agent, address hash or writer's
   * token, and asks for no more replies; its text stays (the owner may trash it). What "mark spam" taught
   * of that e-mail goes too. Answers how many comments changed; their pages hear it through the triggers.
   */
  async eraseEmail(email: string): Promise<{ changed: number }> {
    return this.dataSource.transaction(async (manager) => {
      const [, changed] = await manager.query<[unknown, number]>(
        `UPDATE comments SET author_name = $2, author_email = '', author_url = NULL, user_agent = '',
           address_hash = NULL, writer_token_hash = NULL, notify_replies = false, updated_at = now()
         WHERE lower(author_email) = lower($1)`,
        [email.trim(), COMMENT_UNNAMED_WRITER],
      );
      await manager.query(`DELETE FROM comment_spam_marks WHERE kind = 'email' AND value = $1`, [
        this.comments.signing.hash(email),
      ]);
      return { changed };
    });
  }

  private async get(id: number): Promise<AdminComment> {
    const [comment] = await adminComments(this.dataSource.manager, [id]);
    if (!comment) throw new DomainError('NOT_FOUND', NO_COMMENT);
    return comment;
  }

  /** "Mark spam" teaches the filter: the writers' e-mails (as keyed hashes) and the hosts they linked. */
  private async teach(
    manager: EntityManager,
    rows: ReadonlyArray<{ author_email: string; author_url: string | null; body: string }>,
  ): Promise<void> {
    const emails = rows.map((row) => this.comments.signing.hash(row.author_email));
    // A host name is at most 253 characters (DNS); a longer "host" teaches nothing.
    const hosts = rows.flatMap((row) => linkedHosts(row.body, row.author_url)).filter((host) => host.length <= 253);
    const marks = [...new Set(emails)]
      .map((value) => ['email', value])
      .concat([...new Set(hosts)].map((value) => ['host', value]));
    if (marks.length === 0) return;
    await manager.query(
      `INSERT INTO comment_spam_marks (kind, value)
       SELECT * FROM unnest($1::varchar[], $2::varchar[]) ON CONFLICT DO NOTHING`,
      [marks.map(([kind]) => kind), marks.map(([, value]) => value)],
    );
  }
}
