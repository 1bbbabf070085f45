import type { EntityManager } from 'typeorm';
import {
  COMMENT_SETTINGS_DEFAULTS,
  type AdminComment,
  type CommentSettings,
  type CommentSignal,
  type CommentState,
  type PublicComment,
} from '@blog/contracts';

/** A comment's columns as readers see it, `c` being the row. */
export const PUBLIC_COMMENT_COLUMNS =
  'c.id, c.parent_id, c.author_name, c.author_url, c.body, c.by_owner, c.created_at';

/** A comment's columns as the owner sees it, with its post (`p`) or project (`pr`): `ADMIN_COMMENT_FROM`. */
export const ADMIN_COMMENT_COLUMNS = `${PUBLIC_COMMENT_COLUMNS}, c.author_email, c.state, c.notify_replies,
  c.spam_score, c.signals, c.address_hash, c.user_agent, c.approved_at, c.updated_at,
  CASE WHEN p.id IS NOT NULL THEN json_build_object('id', p.id, 'title', p.title, 'slug', p.slug) END AS post,
  CASE WHEN pr.id IS NOT NULL THEN json_build_object('id', pr.id, 'title', pr.title, 'slug', pr.slug) END AS project`;
/** The comments (`c`) with what each is under: its post (`p`) or its project (`pr`). */
export const ADMIN_COMMENT_FROM = `comments c LEFT JOIN posts p ON p.id = c.post_id
  LEFT JOIN projects pr ON pr.id = c.project_id`;

export interface PublicCommentRow {
  id: number;
  parent_id: number | null;
  author_name: string;
  author_url: string | null;
  body: string;
  by_owner: boolean;
  created_at: Date;
}

export interface AdminCommentRow extends PublicCommentRow {
  post: AdminComment['post'];
  project: AdminComment['project'];
  author_email: string;
  state: CommentState;
  notify_replies: boolean;
  spam_score: number;
  signals: CommentSignal[];
  address_hash: string | null;
  user_agent: string;
  approved_at: Date | null;
  updated_at: Date;
}

export const toPublicComment = ({
  id,
  parent_id,
  author_name,
  author_url,
  body,
  by_owner,
  created_at,
}: PublicCommentRow): PublicComment => ({
  id,
  parent_id,
  author_name,
  author_url,
  body,
  by_owner,
  created_at: created_at.toISOString(),
});

export const toAdminComment = (row: AdminCommentRow): AdminComment => ({
  ...row,
  ...toPublicComment(row),
  approved_at: row.approved_at?.toISOString() ?? null,
  updated_at: row.updated_at.toISOString(),
});

/** The comments `ids` as the owner sees them, in the order of `ids` (those that exist). */
export async function adminComments(manager: EntityManager, ids: readonly number[]): Promise<AdminComment[]> {
  if (ids.length === 0) return [];
  const rows = await manager.query<AdminCommentRow[]>(
    `SELECT ${ADMIN_COMMENT_COLUMNS} FROM ${ADMIN_COMMENT_FROM} WHERE c.id = ANY($1)`,
    [ids],
  );
  return ids.flatMap((id) => rows.filter((row) => row.id === id).map(toAdminComment));
}

/** The site's comment settings as General information holds them (the defaults while there is no record). */
export async function readCommentSettings(manager: EntityManager): Promise<CommentSettings> {
  const [row] = await manager.query<CommentSettings[]>(
    `SELECT ${Object.keys(COMMENT_SETTINGS_DEFAULTS).join(', ')} FROM general_info ORDER BY id LIMIT 1`,
  );
  return row ?? COMMENT_SETTINGS_DEFAULTS;
}
