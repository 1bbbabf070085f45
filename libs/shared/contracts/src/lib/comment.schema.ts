import { z } from 'zod';
import { booleanField, idSchema, pageSchema, slugParamSchema } from './params.schema';
import { textInput } from './text.schema';
import { langShape } from './translation.schema';
import { COMMENT_HONEYPOT_FIELD, COMMENT_LIMITS, COMMENT_STATES, COMMENT_SUBJECTS, type CommentState } from './comment';

/** The comments' schemas (their constants, and what a comment is: `comment.ts`). */

const requiredText = (label: string, max: number) =>
  textInput({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** A web address a reader may link their name to: http or https only. */
const authorUrlSchema = textInput({ error: 'Website must be text' })
  .trim()
  .max(COMMENT_LIMITS.author_url, { error: `Website must be at most ${COMMENT_LIMITS.author_url} characters` })
  .refine((url) => url === '' || (URL.canParse(url) && /^https?:$/.test(new URL(url).protocol)), {
    error: 'Website must be an http or https address',
  })
  .nullish()
  .transform((url) => url || null);

/** A writer's e-mail address (never shown). */
const commentEmailSchema = requiredText('Email', COMMENT_LIMITS.author_email).pipe(
  z.email({ error: 'Email must be a valid e-mail address' }),
);

/** The body of a comment: plain text with line breaks (links are found in it when shown). */
const commentBodySchema = requiredText('Comment', COMMENT_LIMITS.body);

/**
 * `POST /api/comments`, tRPC `comments.submit`, the form `POST /comments`. `rendered_at` is the stamp the
 * page (or the thread's read) gave, signed: the time from page to submit is one of the spam signals.
 */
export const commentSubmitInputSchema = z
  .object({
    post_id: idSchema.nullish().transform((id) => id ?? null),
    project_id: idSchema.nullish().transform((id) => id ?? null),
    parent_id: idSchema.nullish().transform((id) => id ?? null),
    author_name: requiredText('Name', COMMENT_LIMITS.author_name),
    author_email: commentEmailSchema,
    author_url: authorUrlSchema,
    body: commentBodySchema,
    notify_replies: booleanField('notify_replies').nullish().transform(Boolean),
    rendered_at: textInput().max(200).nullish(),
    [COMMENT_HONEYPOT_FIELD]: textInput().max(1000).nullish(),
  })
  .refine((input) => (input.post_id === null) !== (input.project_id === null), {
    path: ['post_id'],
    error: 'Name the post (post_id) or the project (project_id) the comment is under, one of them',
  });
export type CommentSubmitInput = z.input<typeof commentSubmitInputSchema>;
export type CommentSubmit = z.output<typeof commentSubmitInputSchema>;

/**
 * What a writer is answered, whatever became of the comment: `approved` (shown now) or `pending` (held,
 * or spam: a robot learns nothing). `token` lets the page show the held comment to its writer only.
 */
export const commentSubmittedSchema = z.object({
  id: z.number().int(),
  state: z.enum(['approved', 'pending']),
  token: z.string(),
  /** The slug of the post or project it is under. */
  slug: z.string(),
  /** The address of the page it is under, in its language (`/{slug}`, `/vi/{slug}`, `/portfolio/{slug}`), for the way back to it. */
  path: z.string(),
});
export type CommentSubmitted = z.infer<typeof commentSubmittedSchema>;

/** A comment as readers see it: never the e-mail, nor anything of the filter. */
export const publicCommentSchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  author_name: z.string(),
  author_url: z.string().nullable(),
  body: z.string(),
  /** Written by the site's owner (shown as the author's). */
  by_owner: z.boolean(),
  created_at: z.string(),
});
export type PublicComment = z.infer<typeof publicCommentSchema>;
export const publicThreadCommentSchema = publicCommentSchema.extend({ replies: z.array(publicCommentSchema) });
export type PublicThreadComment = z.infer<typeof publicThreadCommentSchema>;

/**
 * tRPC `comments.list`: the thread under the post (`{slug}`, as REST `GET /api/posts/{slug}/comments`) or
 * the project (`{slug, subject: 'project'}`, as `GET /api/projects/{slug}/comments`) of that slug.
 */
export const commentThreadInputSchema = z.object({
  slug: slugParamSchema,
  /** The post's or project's language (a slug is unique per language); absent: the site's default. */
  ...langShape,
  subject: z.enum(COMMENT_SUBJECTS, { error: `subject must be one of ${COMMENT_SUBJECTS.join(', ')}` }).default('post'),
});
export type CommentThreadInput = z.input<typeof commentThreadInputSchema>;

/** `GET /api/posts/{slug}/comments`, tRPC `comments.list`: the approved threads, oldest first, replies under their parent. */
export const postCommentsSchema = z.object({
  comments: z.array(publicThreadCommentSchema),
  /** Approved comments, replies included. */
  count: z.number().int(),
  /** Whether a comment may be written now, and why not. */
  open: z.boolean(),
  closed_reason: z.string().nullable(),
  /** The stamp to send back as `rendered_at` with a comment. */
  rendered_at: z.string(),
});
export type PostComments = z.infer<typeof postCommentsSchema>;

/** tRPC `comments.held`: the writer's own held comment, by the token they were given. */
export const commentTokenInputSchema = z.object({ token: textInput().max(500) });
export const heldCommentSchema = publicCommentSchema.extend({
  post_id: z.number().int().nullable(),
  project_id: z.number().int().nullable(),
});

/** A spam signal that fired, and its score. */
export const commentSignalSchema = z.object({ name: z.string(), score: z.number().int() });
export type CommentSignal = z.infer<typeof commentSignalSchema>;

/** What a comment is under, as the owner sees it. */
const commentSubjectSchema = z.object({ id: z.number().int(), title: z.string(), slug: z.string() });
/** A comment as the owner sees it: under its `post` or its `project` (the other null). */
export const adminCommentSchema = publicCommentSchema.extend({
  post: commentSubjectSchema.nullable(),
  project: commentSubjectSchema.nullable(),
  author_email: z.string(),
  state: z.enum(COMMENT_STATES),
  notify_replies: z.boolean(),
  spam_score: z.number().int(),
  signals: z.array(commentSignalSchema),
  /** A keyed hash of the writer's address (never the address): the same value, the same writer. */
  address_hash: z.string().nullable(),
  user_agent: z.string(),
  approved_at: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminComment = z.infer<typeof adminCommentSchema>;

export const COMMENTS_PAGE_SIZE = 50;

/** `GET /api/comments?post=&state=&page=`, tRPC `commentsAdmin.list`: pending first when no state is asked. */
export const commentsQuerySchema = z.object({
  post: idSchema.optional(),
  state: z.enum(COMMENT_STATES, { error: `state must be one of ${COMMENT_STATES.join(', ')}` }).optional(),
  page: pageSchema.default(1),
});
export type CommentsQuery = z.output<typeof commentsQuerySchema>;
export const commentListSchema = z.object({
  comments: z.array(adminCommentSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type CommentList = z.infer<typeof commentListSchema>;
export const commentCountsSchema = z.object(
  Object.fromEntries(COMMENT_STATES.map((state) => [state, z.number().int()])) as Record<CommentState, z.ZodNumber>,
);
export type CommentCounts = z.infer<typeof commentCountsSchema>;

/** The owner's moderation actions, one comment or many. */
export const COMMENT_ACTIONS = ['approve', 'spam', 'trash'] as const;
export type CommentAction = (typeof COMMENT_ACTIONS)[number];
export const COMMENT_BULK_MAX_IDS = 100;
export const commentBulkInputSchema = z.object({
  action: z.enum(COMMENT_ACTIONS, { error: `action must be one of ${COMMENT_ACTIONS.join(', ')}` }),
  ids: z
    .array(idSchema, { error: 'ids must be a list of comment ids' })
    .min(1, { error: 'Choose at least one comment' })
    .max(COMMENT_BULK_MAX_IDS, { error: `At most ${COMMENT_BULK_MAX_IDS} comments at once` })
    .transform((ids) => [...new Set(ids)]),
});
export type CommentBulk = z.output<typeof commentBulkInputSchema>;
export const commentBulkResultSchema = z.object({ changed: z.number().int() });
/** `PUT /api/comments/{id}` (the owner corrects a comment's text) and `POST /api/comments/{id}/reply` (answers it). */
export const commentTextInputSchema = z.object({ body: commentBodySchema });
/** tRPC `commentsAdmin.approve`, `spam`, `trash`. */
export const commentActionInputSchema = z.object({ id: idSchema });
/** tRPC `commentsAdmin.edit` and `reply`: the comment's id beside the text. */
export const commentTextTrpcInputSchema = commentTextInputSchema.extend({ id: idSchema });

/**
 * `POST /api/comments/erase`, tRPC `commentsAdmin.eraseEmail`: a writer's request to be forgotten. Every
 * comment written with the address keeps its text but loses who wrote it (`COMMENT_UNNAMED_WRITER`).
 */
export const commentEraseInputSchema = z.object({ email: commentEmailSchema });
export type CommentErase = z.output<typeof commentEraseInputSchema>;
/** The name a comment is shown under when its writer's is unknown: erased, or none in an imported comment. */
export const COMMENT_UNNAMED_WRITER = 'Guest';

/** A whole number between `min` and `max`, its messages naming the bounds. */
const settingNumber = (min: number, max: number) =>
  z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });
/** Whether readers may comment (General information): public, the post page says why it is closed. */
export const commentOpeningSchema = z.object({
  comments_enabled: z.boolean({ error: 'must be true or false' }),
  /** Comments close this many days after a post's publication; 0: never. */
  comments_close_after_days: settingNumber(0, 36500),
});
/** The moderation's rules (General information): read by administrators only, a spammer must not learn them. */
export const commentModerationSchema = z.object({
  comments_max_links: settingNumber(0, 100),
  /** One word or phrase a line. */
  comments_block_list: textInput().max(20_000, { error: 'must be at most 20000 characters' }),
  comments_spam_threshold: settingNumber(1, 1000),
});
/** The site's comment settings (General information). */
export const commentSettingsSchema = commentOpeningSchema.extend(commentModerationSchema.shape);
export type CommentSettings = z.infer<typeof commentSettingsSchema>;
export const COMMENT_SETTINGS_DEFAULTS: CommentSettings = {
  comments_enabled: true,
  comments_close_after_days: 0,
  comments_max_links: 2,
  comments_block_list: '',
  comments_spam_threshold: 50,
};
