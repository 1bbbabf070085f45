import { z } from 'zod';
import { ALT_TEXT_MAX_LENGTH } from './alt-text';
import { htmlField, textField } from './bounded-text';
import { POST_STATUS } from './limits';
import { LANGUAGES } from './language';
import { idSchema, pageSchema } from './params.schema';
import { PUBLICATION_STATES, publishedAtInputSchema } from './publication';
import { postSlugSchema } from './slug.schema';
import { textInput } from './text.schema';
import {
  adminLanguageFilterShape,
  adminTranslationSchema,
  languageSchema,
  translationLinkSchema,
} from './translation.schema';
import { optionalUploadNameSchema } from './upload.schema';
import { revisionSummarySchema, versionInputShape } from './versions.schema';

/** A post card, as public lists show it. Dates are ISO 8601 strings. */
export const postCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Stored file name, served under `/uploads/`. */
  thumbnail: z.string().nullable(),
  /** The thumbnail's size in pixels, when it is known: which responsive variants exist, and its aspect. */
  thumbnail_width: z.number().int().nullable(),
  thumbnail_height: z.number().int().nullable(),
  /** The thumbnail's alt text: the one its owner wrote, else the post's title (`thumbnailAltOf`). */
  imageAlt: z.string(),
  /** Whole minutes to read it, at least 1 (`readingMinutes`). */
  reading_minutes: z.number().int(),
  updated_at: z.string(),
  category_slug: z.string(),
  category_name: z.string(),
  short_content: z.string(),
  color: z.string().nullable(),
  price: z.string().nullable(),
  /** Its comments shown to readers, replies included (`/{slug}#comments`). */
  comment_count: z.number().int(),
  language: z.enum(LANGUAGES),
});
export type PostCard = z.infer<typeof postCardSchema>;

/** A visible post read by its slug, as its public page shows it. */
export const postDetailSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  thumbnail: z.string().nullable(),
  /** The thumbnail's size in pixels, when it is known (link previews announce it). */
  thumbnail_width: z.number().int().nullable(),
  thumbnail_height: z.number().int().nullable(),
  /** The thumbnail's alt text as its owner wrote it ('' when none: `thumbnailAltOf` falls back to the title). */
  thumbnail_alt: z.string(),
  reading_minutes: z.number().int(),
  created_at: z.string(),
  /** When the post was published (structured data, `article:published_time`, the feed); null for a draft's preview. */
  published_at: z.string().nullable(),
  updated_at: z.string(),
  category_slug: z.string(),
  category_name: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  meta_keywords: z.string(),
  language: z.enum(LANGUAGES),
  /** Its versions in the other languages that readers may read now (visible, published, out of the trash). */
  translations: z.array(translationLinkSchema),
});
export type PostDetail = z.infer<typeof postDetailSchema>;

/** The sidebar's Recent Posts (`GET /api/randomPosts`). */
export const postLinkSchema = postCardSchema.pick({ id: true, slug: true, title: true });
export type PostLink = z.infer<typeof postLinkSchema>;

export const homeDataSchema = z.object({ posts: z.array(postCardSchema) });
export type HomeData = z.infer<typeof homeDataSchema>;

export const postsPageSchema = z.object({
  posts: z.array(postCardSchema),
  total: z.number().int(),
});
export type PostsPage = z.infer<typeof postsPageSchema>;

/**
 * `category_name` is a one-element list on the wire, as the spec's client reads `category_name[0].name`;
 * `category` is the category itself, with its versions in the other languages (`translations`).
 */
export const categoryPostsPageSchema = postsPageSchema.extend({
  category_name: z.array(z.object({ name: z.string() })),
  category: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    language: z.enum(LANGUAGES),
    translations: z.array(translationLinkSchema),
  }),
});
export type CategoryPostsPage = z.infer<typeof categoryPostsPageSchema>;

/** A post read through its preview link, whatever its state. */
export const postPreviewSchema = z.object({
  post: postDetailSchema,
  state: z.enum(PUBLICATION_STATES),
  hidden: z.boolean(),
  expires_at: z.string(),
});
export type PostPreview = z.infer<typeof postPreviewSchema>;

/** The longest SEO title and description of a post (and of a project). */
export const META_TITLE_MAX_LENGTH = 300;
export const META_DESCRIPTION_MAX_LENGTH = 5_000;

/** Shown (0) or hidden (1), apart from the publication: only 0 and 1 (a form may send them as text); absent means shown. */
export const postStatusSchema = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
    error: 'Status must be 0 (visible) or 1 (hidden)',
  })
  .default(POST_STATUS.visible)
  .transform((status) => Number(status) as 0 | 1);

/** The body of `POST /api/posts` and `PUT /api/posts/{id}`. */
export const postInputSchema = z.object({
  // A number, or its digits as a form would send them; never `true`, `[5]` or an id beyond int4.
  category_id: z
    .union([z.number(), textInput().trim().regex(/^\d+$/, { error: 'Category is required' })], {
      error: 'Category is required',
    })
    .transform(Number)
    .pipe(
      z
        .number()
        .int({ error: 'Category is required' })
        .positive({ error: 'Category is required' })
        .max(2_147_483_647, { error: 'No category has this id' }),
    ),
  title: textInput({ error: 'Title is required' }).trim().min(1, { error: 'Title is required' }).max(300),
  slug: postSlugSchema,
  content: htmlField(1_000_000).default(''),
  short_content: htmlField(100_000).default(''),
  thumbnail: optionalUploadNameSchema,
  // Not sent by the spec's client: absent keeps the stored text on update (none on create).
  // One line: line breaks and runs of spaces are one space.
  thumbnail_alt: textInput()
    .trim()
    .max(ALT_TEXT_MAX_LENGTH, { error: `Alt text must be at most ${ALT_TEXT_MAX_LENGTH} characters` })
    .transform((alt) => alt.replace(/\s+/g, ' '))
    .optional(),
  meta_title: textField(META_TITLE_MAX_LENGTH).default(''),
  meta_description: textField(META_DESCRIPTION_MAX_LENGTH).default(''),
  meta_keywords: textField(5_000).default(''),
  status: postStatusSchema,
  published_at: publishedAtInputSchema,
  // Not sent by the spec's client: absent keeps the stored value on update (none on create).
  color: textField(100)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
  price: textField(100)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
  // Mail it to its category's subscribers when it is published. Absent keeps the stored choice on
  // update (off on create): the admin's form sends it, on by default for a new post.
  send_to_subscribers: z.boolean({ error: 'send_to_subscribers must be true or false' }).optional(),
  // Readers may comment under it (the site's settings may still close them). Absent keeps the stored
  // choice on update (open on create).
  comments_open: z.boolean({ error: 'comments_open must be true or false' }).optional(),
  // Absent: the site's default language on create, kept by an update. Its category must be in it.
  language: languageSchema.optional(),
});
export type PostInput = z.input<typeof postInputSchema>;
/** tRPC `posts.update`: the id beside the body of `PUT /api/posts/{id}`, and the version the form started from. */
export const postUpdateInputSchema = postInputSchema.extend({ id: idSchema, ...versionInputShape });

export const ADMIN_POSTS_PAGE_SIZE = 20;
/**
 * The admin post list (`GET /api/posts?q=&page=&language=&missing_translation=`, tRPC `posts.adminList`),
 * hidden posts included: every post when none is given; `q` keeps the titles containing it (accents and
 * case ignored); `language` the posts in that language; `missing_translation` the posts with no version in
 * at least one other language the site runs; `page` answers `ADMIN_POSTS_PAGE_SIZE` posts at a time.
 */
export const adminPostsQuerySchema = z
  .object({
    q: textInput({ error: 'q must be text' }).trim().max(200, { error: 'q must be at most 200 characters' }).optional(),
    page: pageSchema.optional(),
    ...adminLanguageFilterShape,
  })
  .default({});
export type AdminPostsQuery = z.input<typeof adminPostsQuerySchema>;

/** A post as the admin reads it (`GET /api/posts/{id}`): every saved field plus `thumbnail_url`. */
export const adminPostSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  category_name: z.string(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  short_content: z.string(),
  thumbnail: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  /** The thumbnail's alt text as written ('' when none). */
  thumbnail_alt: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  meta_keywords: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  /** Null for a draft; a time to come for a scheduled post (`publicationStateOf`). */
  published_at: z.string().nullable(),
  color: z.string().nullable(),
  price: z.string().nullable(),
  /** Readers may comment under it (the site's settings may still close them). */
  comments_open: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Bumped by every save: the `If-Match` / tRPC `version` of the next one. */
  version: z.number().int(),
  language: z.enum(LANGUAGES),
  /** Its versions in the other languages, whatever their state, the trash included. */
  translations: z.array(adminTranslationSchema),
});
export type AdminPost = z.infer<typeof adminPostSchema>;
/** The admin list leaves out the long HTML fields. */
export const adminPostRowSchema = adminPostSchema.omit({ content: true, short_content: true });

/** A post's fields as a revision keeps them: every field of the edit form, as the admin reads them. */
export const postRevisionFieldsSchema = adminPostSchema.pick({
  title: true,
  slug: true,
  category_id: true,
  content: true,
  short_content: true,
  thumbnail: true,
  thumbnail_alt: true,
  meta_title: true,
  meta_description: true,
  meta_keywords: true,
  status: true,
  published_at: true,
  color: true,
  price: true,
});
export type PostRevisionFields = z.infer<typeof postRevisionFieldsSchema>;
/** One revision of a post with its fields (`GET /api/posts/{id}/revisions/{revisionId}`, tRPC `revisions.get`). */
export const postRevisionSchema = revisionSummarySchema.extend({ fields: postRevisionFieldsSchema });
export type PostRevision = z.infer<typeof postRevisionSchema>;
export type AdminPostRow = z.infer<typeof adminPostRowSchema>;
/**
 * tRPC `posts.adminList`: the rows of `GET /api/posts` (one page of them when `page` is given) and
 * `total`, the count of every match, which REST sends as `X-Total-Count`.
 */
export const adminPostsPageSchema = z.object({ rows: z.array(adminPostRowSchema), total: z.number().int() });
export type AdminPostsPage = z.infer<typeof adminPostsPageSchema>;

/**
 * `GET /api/posts/counts`, tRPC `posts.adminCounts`: every post, the hidden ones, the drafts
 * (`published_at` null) and the scheduled ones (`published_at` to come, on the database's clock),
 * none of them in the trash; and the posts in the trash.
 */
export const adminPostCountsSchema = z.object({
  total: z.number().int(),
  hidden: z.number().int(),
  drafts: z.number().int(),
  scheduled: z.number().int(),
  trashed: z.number().int(),
});
export type AdminPostCounts = z.infer<typeof adminPostCountsSchema>;
