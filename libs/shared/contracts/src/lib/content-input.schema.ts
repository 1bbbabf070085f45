import { z } from 'zod';
import { ALT_TEXT_MAX_LENGTH } from './alt-text';
import { POST_STATUS, SLUG_MAX_LENGTH, SLUG_PATTERN } from './limits';
import { idSchema, pageSchema } from './params.schema';
import { isReservedPostSlug } from './site';
import { socialProfilesInputShape } from './social.schema';
import { textInput } from './text.schema';
import { publishedAtInputSchema } from './publication';

/** A stored upload's file name as the API generates it: never a path. */
export const UPLOAD_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
/** The longest name an upload has (the `uploads.name` column). */
export const UPLOAD_NAME_MAX_LENGTH = 200;

/**
 * What `/uploads/{name}` may name, so what is ever looked up: `UPLOAD_NAME_PATTERN`, not starting
 * with a dot, no `..`, at most `UPLOAD_NAME_MAX_LENGTH` characters. Generated names, demo images and
 * variants all are; a path never is.
 */
export function isUploadName(name: string): boolean {
  return UPLOAD_NAME_PATTERN.test(name) && name.length <= UPLOAD_NAME_MAX_LENGTH && !name.includes('..');
}
export const uploadNameSchema = textInput()
  .trim()
  .regex(UPLOAD_NAME_PATTERN, { error: 'must be the file name /api/upload answered', abort: true })
  .refine((name) => !name.includes('..'), { error: 'must be the file name /api/upload answered' });
/** Optional file name: empty or null means none. */
export const optionalUploadNameSchema = z
  .union([uploadNameSchema, z.literal(''), z.null()])
  .optional()
  .transform((name) => name || null);
/** A file name of a record that may be updated: absent keeps the stored one, empty or null removes it. */
const keptUploadNameSchema = z
  .union([uploadNameSchema, z.literal(''), z.null()])
  .optional()
  .transform((name) => (name === undefined ? undefined : name || null));

export const slugSchema = textInput({ error: 'Slug is required' })
  .trim()
  // `abort`: a blank slug gets one message, not also the pattern's.
  .min(1, { error: 'Slug is required', abort: true })
  .max(SLUG_MAX_LENGTH, { error: `Slug must be at most ${SLUG_MAX_LENGTH} characters` })
  // `abort`: a slug that is not one gets no further message (such as `postSlugSchema`'s).
  .regex(SLUG_PATTERN, { error: 'Slug may contain only a-z, 0-9 and single hyphens', abort: true });

/** A post's slug: also never a path the site answers at its root (`/{slug}` is the post's address). */
export const postSlugSchema = slugSchema.refine((slug) => !isReservedPostSlug(slug), {
  error: 'This slug is the address of a page of the site: choose another',
});

export const categoryInputSchema = z.object({
  name: textInput({ error: 'Name is required' }).trim().min(1, { error: 'Name is required' }).max(200),
  slug: slugSchema,
});
export type CategoryInput = z.input<typeof categoryInputSchema>;
/** tRPC `categories.update`: the id beside the fields of `PUT /api/categories/{id}`. */
export const categoryUpdateInputSchema = categoryInputSchema.extend({ id: idSchema });

const html = (max: number) => textInput().max(max, { error: `must be at most ${max} characters` });
const text = (max: number) => textInput().trim().max(max, { error: `must be at most ${max} characters` });

/** The body of `POST /api/posts` and `PUT /api/posts/{id}` (spec section 7). */
export const postInputSchema = z.object({
  // A number, or its digits as a form would send them; never `true`, `[5]` or an id beyond int4.
  category_id: z
    .union([z.number(), textInput().trim().regex(/^\d+$/)], { error: 'Category is required' })
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
  content: html(1_000_000).default(''),
  short_content: html(100_000).default(''),
  thumbnail: optionalUploadNameSchema,
  // Not sent by the spec's client: absent keeps the stored text on update (none on create).
  // One line: line breaks and runs of spaces are one space.
  thumbnail_alt: text(ALT_TEXT_MAX_LENGTH)
    .transform((alt) => alt.replace(/\s+/g, ' '))
    .optional(),
  meta_title: text(300).default(''),
  meta_description: text(5_000).default(''),
  meta_keywords: text(5_000).default(''),
  // Only 0 and 1 (a form may send them as text); absent means visible.
  status: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
      error: 'Status must be 0 (visible) or 1 (hidden)',
    })
    .default(POST_STATUS.visible)
    .transform((status) => Number(status) as 0 | 1),
  published_at: publishedAtInputSchema,
  // Not sent by the spec's client: absent keeps the stored value on update (none on create).
  color: text(100)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
  price: text(100)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
});
export type PostInput = z.input<typeof postInputSchema>;
/** tRPC `posts.update`: the id beside the body of `PUT /api/posts/{id}`. */
export const postUpdateInputSchema = postInputSchema.extend({ id: idSchema });

/** The answer to a saved post, About or General info record: the spec's status and the record's id. */
export const savedSchema = z.object({ status: z.literal(200), id: z.number().int() });
export type Saved = z.infer<typeof savedSchema>;

export const ADMIN_POSTS_PAGE_SIZE = 20;
/**
 * The admin post list (`GET /api/posts?q=&page=`, tRPC `posts.adminList`), hidden posts included:
 * every post when neither is given; `q` keeps the titles containing it (accents and case ignored);
 * `page` answers `ADMIN_POSTS_PAGE_SIZE` posts at a time.
 */
export const adminPostsQuerySchema = z
  .object({
    q: textInput({ error: 'q must be text' })
      .trim()
      .max(200, { error: 'q must be at most 200 characters' })
      .optional(),
    page: pageSchema.optional(),
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
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPost = z.infer<typeof adminPostSchema>;
/** The admin list leaves out the long HTML fields. */
export const adminPostRowSchema = adminPostSchema.omit({ content: true, short_content: true });
export type AdminPostRow = z.infer<typeof adminPostRowSchema>;

export const aboutInputSchema = z.object({
  content: textInput({ error: 'Content is required' }).max(1_000_000, { error: 'must be at most 1000000 characters' }),
});
export type AboutInput = z.input<typeof aboutInputSchema>;
export const aboutUpdateInputSchema = aboutInputSchema.extend({ id: idSchema });

/**
 * The body of `POST /api/generalInfo` and `PUT /api/generalInfo/{id}`. A field left out keeps its
 * stored value on update (and is empty on create), so a client that does not know a field (the
 * spec's client never sends `address`) cannot erase it; `null` or `''` clears a logo or a social
 * profile (`facebook_url` …: https addresses on the network's own hosts).
 */
export const generalInfoInputSchema = z.object({
  logo_1: keptUploadNameSchema,
  logo_2: keptUploadNameSchema,
  favicon: keptUploadNameSchema,
  email: textInput({ error: 'Email must be text' })
    .trim()
    .max(254, { error: 'Email must be at most 254 characters' })
    .pipe(z.union([z.literal(''), z.email({ error: 'Email must be a valid e-mail address' })]))
    .optional(),
  phone: text(50).optional(),
  address: text(300).optional(),
  ...socialProfilesInputShape,
});
export type GeneralInfoInput = z.input<typeof generalInfoInputSchema>;
export const generalInfoUpdateInputSchema = generalInfoInputSchema.extend({ id: idSchema });

/** A contact message in the admin inbox. */
export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type ContactMessageRow = z.infer<typeof contactMessageSchema>;

/** The optional body of `PUT /api/messages/{id}/read`: no body marks the message read. */
export const messageReadBodySchema = z
  .object({ read: z.boolean({ error: 'read must be true or false' }).default(true) })
  .optional()
  .transform((body) => body?.read ?? true);
/** tRPC `contact.markRead`. */
export const messageMarkReadInputSchema = z.object({
  id: idSchema,
  read: z.boolean({ error: 'read must be true or false' }).default(true),
});

/** The spec's answer to a successful write: only status 200 counts. */
export const okSchema = z.object({ status: z.literal(200) });
export type Ok = z.infer<typeof okSchema>;
export const OK: Ok = { status: 200 };

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart field of `POST /api/upload` (and of the FormData of tRPC `uploads.image`). */
export const UPLOAD_FIELD = 'image';
/**
 * The image types `/api/upload` accepts, recognised by their bytes, and the extension of the stored
 * file (the server re-encodes each upload in its own format). Anything else is refused with 415:
 * SVG (it can carry scripts), and ICO, which the image decoder cannot read (a PNG favicon works in
 * every browser).
 */
export const UPLOAD_IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
} as const;
export type UploadImageExtension = (typeof UPLOAD_IMAGE_TYPES)[keyof typeof UPLOAD_IMAGE_TYPES];
/** For `<input type="file" accept>`: the accepted types (the server still checks the bytes). */
export const UPLOAD_ACCEPT = Object.keys(UPLOAD_IMAGE_TYPES).join(',');
/** The most pixels an upload may have (all frames of an animation together), read from its header. */
export const UPLOAD_MAX_PIXELS = 40_000_000;
export const UPLOAD_MAX_PIXELS_LABEL = '40 megapixels';

/**
 * tRPC `uploads.image`: a `FormData` with the file in the field `image` (send it with a non-batched
 * `httpLink`; tRPC 11 passes FormData through as is).
 */
export const uploadImageInputSchema = z.custom<FormData>(
  (value) => typeof FormData !== 'undefined' && value instanceof FormData,
  { error: `Send the image as multipart form data in the field "${UPLOAD_FIELD}"` },
);

/** The field of `POST /api/upload/import` and tRPC `uploads.importUrl`. */
export const IMPORT_URL_FIELD = 'url';
/** The longest image address an import takes (browsers' own practical limit for URLs is far above). */
export const IMPORT_URL_MAX_LENGTH = 2000;

/**
 * `POST /api/upload/import` `{ url }` and tRPC `uploads.importUrl`: an http(s) image address the
 * server fetches (public addresses only, see the README) and stores like an upload.
 */
export const importImageInputSchema = z.object({
  [IMPORT_URL_FIELD]: textInput({ error: 'url is required' })
    .trim()
    .min(1, { error: 'url is required' })
    .max(IMPORT_URL_MAX_LENGTH, { error: `must be at most ${IMPORT_URL_MAX_LENGTH} characters` })
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })),
});
export type ImportImageInput = z.infer<typeof importImageInputSchema>;
