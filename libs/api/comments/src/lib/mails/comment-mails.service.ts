import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  commentAnchor,
  commentSubjectPath,
  type CommentSignal,
  type CommentState,
  type CommentSubjectKind,
} from '@blog/contracts';
import { readMailSender, readSiteIdentity } from '@blog/api/data';
import { APP_CONFIG, DomainError, DomainEvents, type AppConfig } from '@blog/api/core';
import { JobQueue } from '@blog/api/jobs';
import { isPermanentSmtpRejection, MailService, type MailMessage } from '@blog/api/mail';
import { ADMIN_COMMENT_FROM, readCommentSettings } from '../comment-records';
import { CommentsAdminService } from '../admin/comments-admin.service';
import { CommentsService } from '../submitting/comments.service';
import type { CommentLinkAction, CommentLinkReading } from '../submitting/comment-signing';

export const COMMENT_MAIL_JOB = 'comment-mail';

/** How long the owner's Approve and Mark as spam links work (and only while the comment still waits). */
export const COMMENT_MODERATION_LINK_DAYS = 14;

/** Where the mails' links lead: the pages of `CommentMailLinksController`, each with its button. */
const COMMENT_MAIL_PATHS = {
  moderate: '/api/comments/mail/moderate',
  unsubscribe: '/api/comments/mail/unsubscribe',
} as const;

/** The owner's Comments screen, held comments first. */
const COMMENTS_SCREEN_PATH = '/admin/comments?state=pending';

/** `held`: the owner's mail about a held comment; `reply`: the mail to the writer of the comment a reply answers. */
export type CommentMailKind = 'held' | 'reply';

/** What a moderation link did, or why it did nothing: the comment was moderated already (its state). */
export type LinkModeration = { done: true } | { done: false; state: CommentState };

interface MailComment {
  id: number;
  parent_id: number | null;
  author_name: string;
  author_email: string;
  author_url: string | null;
  body: string;
  state: CommentState;
  by_owner: boolean;
  notify_replies: boolean;
  spam_score: number;
  signals: CommentSignal[];
  /** The post's or project's title, and its page. */
  subject_title: string;
  subject_slug: string;
  subject_kind: CommentSubjectKind;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const NO_COMMENT = 'The comment of this link no longer exists';
/** A header's value on one line, whatever a visitor typed. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The comment mails, each sent once by a job after the comment is stored (a refused or unreachable SMTP
 * never fails a reader's submit; nothing is queued without `SMTP_URL`):
 * - to the owner (`CONTACT_NOTIFY_EMAIL`), for each comment held for approval (never for spam, which
 *   the rate limits and the filter keep from flooding the box), with signed one-use links to approve it
 *   or mark it spam;
 * - to a reader who asked "e-mail me when someone replies", when a reply to their comment is shown
 *   (not their own), with a signed unsubscribe link and the headers of RFC 8058.
 * Once: the row of `comment_mails` is claimed in the transaction that sends.
 */
@Injectable()
export class CommentMailsService implements OnModuleInit {
  private readonly logger = new Logger('CommentMails');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly events: DomainEvents,
    private readonly mail: MailService,
    private readonly comments: CommentsService,
    private readonly admin: CommentsAdminService,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ kind: CommentMailKind; commentId: number }>({
      name: COMMENT_MAIL_JOB,
      handler: async ({ kind, commentId }) => void (await this.send(kind, commentId)),
      retryLimit: 8,
      retryDelaySeconds: 30,
      expireInSeconds: 5 * 60,
    });
    this.events.subscribe(async ({ event, data }) => {
      if (!this.mail.delivers) return;
      if (event === 'comment.created' && data.state === 'pending' && this.config.contactNotifyEmail) {
        await this.jobs.send(COMMENT_MAIL_JOB, { kind: 'held', commentId: data.id });
      }
      if (event === 'comment.approved' && data.parent_id !== null) {
        await this.jobs.send(COMMENT_MAIL_JOB, { kind: 'reply', commentId: data.id });
      }
    });
  }

  /**
   * Sends the mail of `kind` about the comment `id` if it is still due and was not sent: safe to run again,
   * or twice at once (the second waits for the first's claim, then finds it). Answers whether it sent.
   */
  async send(kind: CommentMailKind, id: number): Promise<boolean> {
    const message = kind === 'held' ? await this.heldMail(id) : await this.replyMail(id);
    if (!message) return false;
    return this.dataSource.transaction(async (manager) => {
      const claimed = await manager.query<unknown[]>(
        `INSERT INTO comment_mails (comment_id, kind) SELECT id, $2 FROM comments WHERE id = $1
         ON CONFLICT DO NOTHING RETURNING comment_id`,
        [id, kind],
      );
      if (claimed.length === 0) return false;
      try {
        await this.mail.send(message);
      } catch (error) {
        // Refused for good (5xx): sending again fails alike, so the claim stays; else the job tries again.
        if (!isPermanentSmtpRejection(error)) throw error;
        this.logger.warn(`The ${kind} mail of comment ${id} was refused: ${String(error)}`);
      }
      return true;
    });
  }

  /** Approves the comment or marks it spam, as a moderation link asks, only while it still waits. */
  async moderateByLink(action: Extract<CommentLinkAction, 'approve' | 'spam'>, id: number): Promise<LinkModeration> {
    const { changed } = await this.admin.bulk(action, [id], 'pending');
    if (changed > 0) return { done: true };
    return { done: false, state: (await this.comment(id)).state };
  }

  /** What a mail's link names, or why it is refused. */
  readLink(token: string): CommentLinkReading {
    return this.comments.signing.readLink(token);
  }

  /** The owner's Comments screen, held comments first (the mail's and the pages' link). */
  get commentsScreenUrl(): string {
    return `${this.config.siteUrl}${COMMENTS_SCREEN_PATH}`;
  }

  /** The comment a link names, as its page shows it; 404 when it is gone. */
  async comment(id: number): Promise<MailComment> {
    const comment = await this.find(id);
    if (!comment) throw new DomainError('NOT_FOUND', NO_COMMENT);
    return comment;
  }

  private async find(id: number): Promise<MailComment | undefined> {
    const [comment] = await this.dataSource.query<MailComment[]>(
      `SELECT c.id, c.parent_id, c.author_name, c.author_email, c.author_url, c.body, c.state, c.by_owner,
         c.notify_replies, c.spam_score, c.signals,
         COALESCE(p.title, pr.title) AS subject_title, COALESCE(p.slug, pr.slug) AS subject_slug,
         CASE WHEN c.project_id IS NULL THEN 'post' ELSE 'project' END AS subject_kind
       FROM ${ADMIN_COMMENT_FROM} WHERE c.id = $1`,
      [id],
    );
    return comment;
  }

  /** No more reply mails to the writer of the comment `id`: `notify_replies` off on every comment of that e-mail. */
  async unsubscribe(id: number): Promise<void> {
    const { author_email } = await this.comment(id);
    await this.dataSource.query(
      `UPDATE comments SET notify_replies = false WHERE notify_replies AND lower(author_email) = lower($1)`,
      [author_email],
    );
  }

  private async heldMail(id: number): Promise<MailMessage | undefined> {
    const to = this.config.contactNotifyEmail;
    const comment = await this.find(id);
    if (!to || comment?.state !== 'pending') return undefined;
    const site = await readSiteIdentity(this.dataSource.manager);
    const { comments_spam_threshold: threshold } = await readCommentSettings(this.dataSource.manager);
    const expires = Date.now() + COMMENT_MODERATION_LINK_DAYS * DAY_MS;
    const link = (action: 'approve' | 'spam') => this.linkUrl('moderate', action, id, expires);
    const signals =
      comment.signals.length > 0
        ? comment.signals.map((signal) => `${signal.name} (${signal.score})`).join(', ')
        : 'none';
    return {
      to,
      fromName: site.site_name,
      subject: `A comment waits for approval on “${oneLine(comment.subject_title)}”`,
      text:
        `${comment.author_name} <${comment.author_email}>` +
        (comment.author_url ? `, website ${comment.author_url}` : '') +
        ` wrote under “${comment.subject_title}” (${this.pageUrl(comment)}):\n\n` +
        `${comment.body}\n\n` +
        `Spam score ${comment.spam_score} (marked spam at ${threshold}); signals: ${signals}.\n\n` +
        `Approve: ${link('approve')}\n\n` +
        `Mark as spam: ${link('spam')}\n\n` +
        `Each link opens a page with a button, works ${COMMENT_MODERATION_LINK_DAYS} days and only while the ` +
        `comment still waits.\nEvery comment waiting: ${this.commentsScreenUrl}\n`,
    };
  }

  private async replyMail(id: number): Promise<MailMessage | undefined> {
    const reply = await this.find(id);
    if (reply?.state !== 'approved' || reply.parent_id === null) return undefined;
    const parent = await this.find(reply.parent_id);
    // Only to a writer who asked, under a shown comment, and never about their own reply.
    if (!parent?.notify_replies || parent.state !== 'approved' || !parent.author_email) return undefined;
    const to = parent.author_email;
    if (to.toLowerCase() === reply.author_email.toLowerCase()) return undefined;
    const sender = await readMailSender(this.dataSource.manager);
    const unsubscribeUrl = this.linkUrl('unsubscribe', 'unsubscribe', parent.id);
    const replier = reply.by_owner ? `${reply.author_name} (the author)` : reply.author_name;
    return {
      to,
      fromName: sender.name,
      fromAddress: sender.address,
      subject: `${oneLine(replier)} replied to your comment on “${oneLine(parent.subject_title)}”`,
      text:
        `Hello ${parent.author_name},\n\n${replier} replied to your comment under “${parent.subject_title}”:\n\n` +
        `${reply.body}\n\nRead it on the page: ${this.pageUrl(parent)}#${commentAnchor(reply.id)}\n\n` +
        `You get this e-mail because you asked to be told of replies to your comment. ` +
        `To get no more: ${unsubscribeUrl}\n`,
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>, <mailto:${this.mailFromAddress()}?subject=unsubscribe>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  private linkUrl(page: keyof typeof COMMENT_MAIL_PATHS, action: CommentLinkAction, id: number, expires = 0): string {
    const token = this.comments.signing.link(action, id, expires);
    return `${this.config.siteUrl}${COMMENT_MAIL_PATHS[page]}?token=${encodeURIComponent(token)}`;
  }

  /** The page of the post or project a comment is under. */
  private pageUrl(comment: MailComment): string {
    return `${this.config.siteUrl}${commentSubjectPath(comment.subject_kind, comment.subject_slug)}`;
  }

  /** The address of `MAIL_FROM` (`Name <address>` or a bare address). */
  private mailFromAddress(): string {
    return this.config.mailFrom.match(/<([^>]+)>/)?.[1] ?? this.config.mailFrom;
  }
}
