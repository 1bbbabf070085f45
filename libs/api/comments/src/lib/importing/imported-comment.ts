import { COMMENT_LIMITS, COMMENT_UNNAMED_WRITER, type CommentState } from '@blog/contracts';
import type { EntityManager } from 'typeorm';

/** A comment brought from elsewhere (an importer, the site archive): history, not news. */
export interface ImportedComment {
  /** The post it is under, or (`project_id`, the site archive's) the project. */
  post_id: number | null;
  project_id?: number | null;
  /** A top-level comment of the same post or project, written before; null for a top-level one. */
  parent_id: number | null;
  author_name: string;
  author_email: string;
  author_url: string | null;
  /** Plain text. */
  body: string;
  state: CommentState;
  by_owner: boolean;
  notify_replies: boolean;
  created_at: string;
  /** When it was shown; for a shown comment without one, its `created_at`. */
  approved_at: string | null;
  updated_at: string;
}

/**
 * The fields of a source's comment cut to the columns' lengths (`COMMENT_LIMITS`); a website that is not
 * an http or https address is dropped. An archive's comments are checked by its schema instead.
 */
export function boundedComment<T extends Pick<ImportedComment, 'author_name' | 'author_email' | 'author_url' | 'body'>>(
  comment: T,
): T {
  const url = comment.author_url?.trim() ?? '';
  const web = URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
  return {
    ...comment,
    author_name: comment.author_name.trim().slice(0, COMMENT_LIMITS.author_name) || COMMENT_UNNAMED_WRITER,
    author_email: comment.author_email.length <= COMMENT_LIMITS.author_email ? comment.author_email.trim() : '',
    author_url: web && url.length <= COMMENT_LIMITS.author_url ? url : null,
    body: comment.body.slice(0, COMMENT_LIMITS.body),
  };
}

/**
 * Stores a comment as it was: its state, dates and owner's mark kept; no spam score, address hash or
 * writer's token (it came from no page here); nothing announced (no webhook, no mail: history is not
 * news). The page cache hears of a shown one through the table's triggers, as of any shown comment.
 */
export async function insertImportedComment(manager: EntityManager, comment: ImportedComment): Promise<number> {
  const [{ id }] = await manager.query<Array<{ id: number }>>(
    `INSERT INTO comments (post_id, project_id, parent_id, author_name, author_email, author_url, body, state,
       by_owner, notify_replies, created_at, approved_at, updated_at)
     VALUES ($1, $13, $2, $3, $4, $5, $6, $7::text, $8, $9, $10::timestamptz,
       coalesce($11::timestamptz, CASE WHEN $7::text = 'approved' THEN $10::timestamptz END), $12::timestamptz)
     RETURNING id`,
    [
      comment.post_id,
      comment.parent_id,
      comment.author_name,
      comment.author_email,
      comment.author_url,
      comment.body,
      comment.state,
      comment.by_owner,
      comment.notify_replies,
      comment.created_at,
      comment.approved_at,
      comment.updated_at,
      comment.project_id ?? null,
    ],
  );
  return id;
}
