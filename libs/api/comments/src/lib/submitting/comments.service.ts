import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  COMMENT_HONEYPOT_FIELD,
  COMMENT_LIMITS,
  COMMENT_RATE_LIMITS,
  COMMENT_REPEAT_DAYS,
  formatWait,
  commentSubjectPath,
  type CommentSubjectKind,
  type CommentSubmit,
  type CommentSubmitted,
  type PostComments,
  type PublicComment,
  type PublicThreadComment,
  type Language,
} from '@blog/contracts';
import { shownCommentSql, visiblePostSql, visibleProjectSql } from '@blog/api/data';
import { APP_CONFIG, DomainError, DomainEvents, SiteLanguages, type AppConfig } from '@blog/api/core';
import { RateLimiter, sessionSecretOf } from '@blog/api/security';
import {
  adminComments,
  PUBLIC_COMMENT_COLUMNS,
  readCommentSettings,
  toPublicComment,
  type PublicCommentRow,
} from '../comment-records';
import { closedReason, moderatedState } from '../moderation/moderation';
import { linkedHosts, spamScore, spamSignals } from '../spam/spam-signals';
import { CommentSigning } from './comment-signing';

/** Who sent a comment, as the request tells: kept only as a keyed hash and the browser's name. */
export interface CommentSender {
  address: string;
  userAgent: string;
}

/** What a comment is written under: a visible post or project. */
interface Subject {
  kind: CommentSubjectKind;
  id: number;
  slug: string;
  language: Language;
  comments_open: boolean;
  published_at: Date | null;
}

/** Each subject's table, visibility (the rule of its public page), column in `comments` and refusal. */
const SUBJECTS = {
  post: {
    table: 'posts',
    visibleSql: visiblePostSql,
    column: 'post_id',
    missing: 'No such post',
    missingId: 'is no published post',
  },
  project: {
    table: 'projects',
    visibleSql: visibleProjectSql,
    column: 'project_id',
    missing: 'No such project',
    missingId: 'is no published project',
  },
} as const satisfies Record<CommentSubjectKind, unknown>;

/**
 * Readers' comments: the approved thread of a post, and a comment written without an account. Every
 * comment is counted against the rate limits, scored by the local spam filter and moderated as
 * WordPress does (`moderatedState`); what its writer is answered never tells a held comment from spam.
 */
@Injectable()
export class CommentsService {
  readonly signing: CommentSigning;
  private readonly minSecondsToSubmit: number;
  private readonly limiter: RateLimiter<keyof typeof COMMENT_RATE_LIMITS>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly events: DomainEvents,
    private readonly languages: SiteLanguages,
  ) {
    this.signing = new CommentSigning(sessionSecretOf(config));
    this.minSecondsToSubmit = config.commentMinSecondsToSubmit;
    this.limiter = new RateLimiter(
      dataSource,
      'comment',
      COMMENT_RATE_LIMITS,
      (seconds) => `Too many comments. Please try again in ${formatWait(seconds)}.`,
    );
  }

  /** The approved comments of a visible post (or project), oldest thread first, replies under their parent. */
  async thread(slug: string, kind: CommentSubjectKind = 'post', lang?: Language): Promise<PostComments> {
    // A post's or project's slug is unique in its language (`lang`, else the default).
    const language = await this.languages.ofRead(lang);
    const subject = await this.visibleSubject(kind, 'slug', slug, language);
    if (!subject) throw new DomainError('NOT_FOUND', SUBJECTS[kind].missing);
    const rows = await this.dataSource.query<PublicCommentRow[]>(
      `SELECT ${PUBLIC_COMMENT_COLUMNS} FROM comments c
       WHERE c.${SUBJECTS[kind].column} = $1 AND ${shownCommentSql('c')}
       ORDER BY c.created_at, c.id`,
      [subject.id],
    );
    const threads = new Map<number, PublicThreadComment>();
    const replies: PublicComment[] = [];
    for (const comment of rows.map(toPublicComment)) {
      if (comment.parent_id === null) threads.set(comment.id, { ...comment, replies: [] });
      else replies.push(comment);
    }
    for (const reply of replies) threads.get(reply.parent_id as number)?.replies.push(reply);
    const reason = closedReason(await readCommentSettings(this.dataSource.manager), subject);
    return {
      comments: [...threads.values()],
      count: rows.length,
      open: reason === null,
      closed_reason: reason,
      rendered_at: this.signing.stamp(),
    };
  }

  async submit(input: CommentSubmit, sender: CommentSender): Promise<CommentSubmitted> {
    const email = input.author_email.toLowerCase();
    await this.limiter.consume({ perAddress: sender.address, perAddressDaily: sender.address, perEmailDaily: email });
    const kind: CommentSubjectKind = input.project_id === null ? 'post' : 'project';
    const { column, missing, missingId } = SUBJECTS[kind];
    const subject = await this.visibleSubject(kind, 'id', input[column] as number);
    if (!subject) throw new DomainError('NOT_FOUND', missing, [{ field: column, message: missingId }]);
    const settings = await readCommentSettings(this.dataSource.manager);
    const closed = closedReason(settings, subject);
    if (closed) throw new DomainError('FORBIDDEN', closed);
    if (input.parent_id !== null) await this.checkParent(input.parent_id, subject);
    const postId = kind === 'post' ? subject.id : null;
    const projectId = kind === 'project' ? subject.id : null;

    const addressHash = this.signing.hash(sender.address);
    const hosts = linkedHosts(input.body, input.author_url);
    const [known] = await this.dataSource.query<
      Array<{ email_marked: boolean; spam_hosts: string[]; repeated: boolean; trusted: boolean }>
    >(
      `SELECT
         EXISTS (SELECT 1 FROM comment_spam_marks WHERE kind = 'email' AND value = $1) AS email_marked,
         array(SELECT value FROM comment_spam_marks WHERE kind = 'host' AND value = ANY($2)) AS spam_hosts,
         EXISTS (SELECT 1 FROM comments WHERE md5(body) = md5($3) AND body = $3
           AND created_at > now() - make_interval(days => $4)
           AND (post_id IS DISTINCT FROM $5 OR project_id IS DISTINCT FROM $8 OR address_hash IS DISTINCT FROM $6)
         ) AS repeated,
         EXISTS (SELECT 1 FROM comments WHERE lower(author_email) = $7 AND state = 'approved') AS trusted`,
      [this.signing.hash(email), hosts, input.body, COMMENT_REPEAT_DAYS, postId, addressHash, email, projectId],
    );
    const signals = spamSignals({
      body: input.body,
      authorUrl: input.author_url,
      honeypot: input[COMMENT_HONEYPOT_FIELD],
      renderedAt: this.signing.renderedAt(input.rendered_at),
      now: Date.now(),
      minSecondsToSubmit: this.minSecondsToSubmit,
      maxLinks: settings.comments_max_links,
      blockList: settings.comments_block_list,
      spamHosts: new Set(known.spam_hosts),
      emailMarkedSpam: known.email_marked,
      repeatedText: known.repeated,
    });
    const score = spamScore(signals);
    const state = moderatedState(signals, score, {
      threshold: settings.comments_spam_threshold,
      writerTrusted: known.trusted,
    });

    // The id first: the writer's token names it, and the row keeps the token's hash.
    const [{ id }] = await this.dataSource.query<Array<{ id: number }>>(
      `SELECT nextval(pg_get_serial_sequence('comments', 'id'))::int AS id`,
    );
    const { token, hash } = this.signing.writerToken(id);
    await this.dataSource.query(
      `INSERT INTO comments (id, post_id, project_id, parent_id, author_name, author_email, author_url, body, state,
         notify_replies, spam_score, signals, address_hash, user_agent, writer_token_hash, approved_at)
       VALUES ($1, $2, $15, $3, $4, $5, $6, $7, $8::text, $9, $10, $11, $12, $13, $14,
         CASE WHEN $8::text = 'approved' THEN now() END)`,
      [
        id,
        postId,
        input.parent_id,
        input.author_name,
        input.author_email,
        input.author_url,
        input.body,
        state,
        input.notify_replies,
        score,
        JSON.stringify(signals),
        addressHash,
        sender.userAgent.slice(0, COMMENT_LIMITS.user_agent),
        hash,
        projectId,
      ],
    );

    if (state !== 'spam') {
      const [record] = await adminComments(this.dataSource.manager, [id]);
      await this.events.emit('comment.created', record);
      if (state === 'approved') await this.events.emit('comment.approved', record);
    }
    return {
      id,
      state: state === 'approved' ? 'approved' : 'pending',
      token,
      slug: subject.slug,
      // Its page in its language (`/vi/{slug}`): the same slug may name another post in the default one.
      path: await this.languages.pathIn(commentSubjectPath(kind, subject.slug), subject.language),
    };
  }

  /** The comment a writer's token names, for its writer's "waiting for approval" (spam looks held too). */
  async held(token: string): Promise<PublicComment & { post_id: number | null; project_id: number | null }> {
    const id = this.signing.writerTokenComment(token);
    const [row] =
      id === undefined
        ? []
        : await this.dataSource.query<Array<PublicCommentRow & { post_id: number | null; project_id: number | null }>>(
            `SELECT ${PUBLIC_COMMENT_COLUMNS}, c.post_id, c.project_id FROM comments c
             WHERE c.id = $1 AND c.writer_token_hash = $2 AND c.state <> 'trash'`,
            [id, this.signing.tokenHash(token)],
          );
    if (!row) {
      throw new DomainError('NOT_FOUND', 'No comment for this link', [{ field: 'token', message: 'names no comment' }]);
    }
    return { ...toPublicComment(row), post_id: row.post_id, project_id: row.project_id };
  }

  /**
   * The post or project readers may comment on, by its slug or id: visible as its public page has it
   * (published, out of the trash; a project also shown).
   */
  private async visibleSubject(
    kind: CommentSubjectKind,
    column: 'slug' | 'id',
    value: string | number,
    language?: Language,
  ): Promise<Subject | undefined> {
    const { table, visibleSql } = SUBJECTS[kind];
    const [subject] = await this.dataSource.query<Array<Omit<Subject, 'kind'>>>(
      `SELECT s.id, s.slug, s.language, s.comments_open, s.published_at FROM ${table} s
        WHERE s.${column} = $1 AND ${visibleSql('s')} ${language ? 'AND s.language = $2' : ''}`,
      language ? [value, language] : [value],
    );
    return subject && { ...subject, kind };
  }

  /** A reply answers a shown top-level comment of the same post or project: replies go one level deep. */
  private async checkParent(parentId: number, subject: Subject): Promise<void> {
    const column = SUBJECTS[subject.kind].column;
    const [parent] = await this.dataSource.query<Array<{ subject_id: number | null; parent_id: number | null }>>(
      `SELECT ${column} AS subject_id, parent_id FROM comments WHERE id = $1 AND state = 'approved'`,
      [parentId],
    );
    const refusal =
      !parent || parent.subject_id !== subject.id
        ? `is no shown comment of this ${subject.kind}`
        : parent.parent_id !== null
          ? 'is a reply: replies go one level deep, answer the comment it replies to'
          : undefined;
    if (refusal)
      throw new DomainError('BAD_REQUEST', `parent_id ${refusal}`, [{ field: 'parent_id', message: refusal }]);
  }
}
