import { POST_ROUTE, projectPath } from './site-routes';

// The comments' constants, without zod: the public pages' entry imports them (a module with schemas
// would bring zod, which probes for eval, into every page). The schemas are in `comment.schema.ts`.

/**
 * Readers' comments under posts and the portfolio's projects (a comment's subject). Public: `GET
 * /api/posts/{slug}/comments`, `GET /api/projects/{slug}/comments` and tRPC `comments.list` (the approved
 * thread), `POST /api/comments`, tRPC `comments.submit` and the HTML form `POST /comments`.
 * The owner: `/api/comments…` and tRPC `commentsAdmin.*` (token scopes `comments:read` / `comments:write`).
 *
 * A comment is `pending` (held for the owner), `approved` (shown), `spam` (never shown, answered to its
 * writer as if held) or `trash`. Replies go one level deep: a reply's parent is a top-level comment.
 */
export const COMMENT_STATES = ['pending', 'approved', 'spam', 'trash'] as const;
export type CommentState = (typeof COMMENT_STATES)[number];

/** What a comment is written under: a post or a project, one of them. */
export const COMMENT_SUBJECTS = ['post', 'project'] as const;
export type CommentSubjectKind = (typeof COMMENT_SUBJECTS)[number];
/** The public page of the post or project of `slug`, where its thread is. */
export const commentSubjectPath = (kind: CommentSubjectKind, slug: string): string =>
  kind === 'project' ? projectPath(slug) : POST_ROUTE.replace(':slug', encodeURIComponent(slug));

/** The lengths of a comment's fields (the `comments` columns). */
export const COMMENT_LIMITS = {
  author_name: 100,
  author_email: 254,
  author_url: 300,
  body: 5000,
  user_agent: 500,
} as const;

/** The hidden field people leave empty (robots fill it); not `website`, which is a real field here. */
export const COMMENT_HONEYPOT_FIELD = 'phone';
/**
 * The query of the page the HTML form sends its writer back to: `?comment=held&token=…` (the writer's
 * held comment), or `?comment_error=<why>&comment_fields=<field>,…` (refused); and `?reply=<id>`, the
 * "Reply" link without JavaScript: the form answers that comment. Each makes the page one visitor's.
 */
export const COMMENT_LINK_PARAMS = {
  comment: 'comment',
  token: 'token',
  error: 'comment_error',
  fields: 'comment_fields',
  reply: 'reply',
} as const;
export const COMMENT_HELD = 'held';
/** Why the HTML form was refused: the page says it in words. */
export const COMMENT_FORM_REFUSALS = ['invalid', 'tooMany', 'closed', 'notFound', 'failed'] as const;
export type CommentFormRefusal = (typeof COMMENT_FORM_REFUSALS)[number];
/** The HTML form's action (a POST without JavaScript) and the id of the form on a post's page. */
export const COMMENT_FORM_ACTION = '/comments';
export const COMMENT_FORM_ID = 'comment-form';
/** The anchor of the thread on a post's page (`/{slug}#comments`: the count on the post's cards links there). */
export const COMMENTS_ANCHOR = 'comments';
/** The anchor of a comment on its post's page. */
export const commentAnchor = (id: number) => `comment-${id}`;

/**
 * The local spam filter's signals and what each adds to a comment's spam score (nothing is sent
 * anywhere). A comment scoring at least the threshold (`comments_spam_threshold`) is spam.
 */
export const COMMENT_SPAM_SIGNALS = {
  /** The hidden field was filled in. */
  honeypot: 100,
  /** Sent less than `COMMENT_MIN_SECONDS_TO_SUBMIT` after its page was rendered (or without the page's stamp). */
  too_fast: 60,
  /** More links than `comments_max_links`. */
  too_many_links: 40,
  /** A link to a host that the owner's "mark spam" taught. */
  spam_host: 80,
  /** A word or phrase of the owner's block list (accent- and case-insensitive). */
  block_list: 100,
  /** The same text under another post or from another address within `COMMENT_REPEAT_DAYS`. */
  repeated_text: 50,
  /** Mostly in a script that is neither Latin nor Vietnamese (the site is written in Latin script). */
  script_mismatch: 50,
  /** A known spam phrase (casino, viagra…). */
  spam_phrase: 40,
  /** An e-mail address that the owner's "mark spam" taught. */
  spam_email: 100,
} as const;
export type CommentSpamSignal = keyof typeof COMMENT_SPAM_SIGNALS;
/** The default of `COMMENT_MIN_SECONDS_TO_SUBMIT` (the server's setting): a person takes longer to write. */
export const COMMENT_MIN_SECONDS_TO_SUBMIT = 3;
export const COMMENT_REPEAT_DAYS = 30;
