import { z } from 'zod';
import { POST_STATUS, SLUG_MAX_LENGTH, SLUG_PATTERN } from './limits';

/** A stored upload's file name as the API generates it: never a path. */
export const UPLOAD_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
export const uploadNameSchema = z
  .string()
  .trim()
  .regex(UPLOAD_NAME_PATTERN, { error: 'must be the file name /api/upload answered' })
  .refine((name) => !name.includes('..'), { error: 'must be the file name /api/upload answered' });
/** Optional file name: empty or null means none. */
export const optionalUploadNameSchema = z
  .union([uploadNameSchema, z.literal(''), z.null()])
  .optional()
  .transform((name) => name || null);

export const slugSchema = z
  .string({ error: 'Slug is required' })
  .trim()
  .min(1, { error: 'Slug is required' })
  .max(SLUG_MAX_LENGTH, { error: `Slug must be at most ${SLUG_MAX_LENGTH} characters` })
  .regex(SLUG_PATTERN, { error: 'Slug may contain only a-z, 0-9 and single hyphens' });

export const categoryInputSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, { error: 'Name is required' }).max(200),
  slug: slugSchema,
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

const html = (max: number) => z.string().max(max, { error: `must be at most ${max} characters` });
const text = (max: number) => z.string().trim().max(max, { error: `must be at most ${max} characters` });

/** The body of `POST /api/posts` and `PUT /api/posts/{id}` (spec section 7). */
export const postInputSchema = z.object({
  category_id: z.coerce
    .number({ error: 'Category is required' })
    .int({ error: 'Category is required' })
    .positive({ error: 'Category is required' }),
  title: z.string({ error: 'Title is required' }).trim().min(1, { error: 'Title is required' }).max(300),
  slug: slugSchema,
  content: html(1_000_000).default(''),
  short_content: html(100_000).default(''),
  thumbnail: optionalUploadNameSchema,
  meta_title: text(300).default(''),
  meta_description: text(5_000).default(''),
  meta_keywords: text(5_000).default(''),
  status: z.coerce
    .number()
    .refine((status) => status === POST_STATUS.visible || status === POST_STATUS.hidden, {
      error: 'Status must be 0 (visible) or 1 (hidden)',
    })
    .default(POST_STATUS.visible)
    .transform((status) => status as 0 | 1),
  color: text(100).nullish().transform((value) => value || null),
  price: text(100).nullish().transform((value) => value || null),
});
export type PostInput = z.input<typeof postInputSchema>;

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
  meta_title: z.string(),
  meta_description: z.string(),
  meta_keywords: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  color: z.string().nullable(),
  price: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPost = z.infer<typeof adminPostSchema>;
/** The admin list leaves out the long HTML fields. */
export const adminPostRowSchema = adminPostSchema.omit({ content: true, short_content: true });
export type AdminPostRow = z.infer<typeof adminPostRowSchema>;

export const aboutInputSchema = z.object({ content: html(1_000_000) });
export type AboutInput = z.input<typeof aboutInputSchema>;

export const generalInfoInputSchema = z.object({
  logo_1: optionalUploadNameSchema,
  logo_2: optionalUploadNameSchema,
  favicon: optionalUploadNameSchema,
  email: z.union([z.literal(''), z.email({ error: 'Email must be a valid e-mail address' })]).default(''),
  phone: text(50).default(''),
  address: text(300).default(''),
});
export type GeneralInfoInput = z.input<typeof generalInfoInputSchema>;

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

/** The spec's answer to a successful write: only status 200 counts. */
export const okSchema = z.object({ status: z.literal(200) });
export type Ok = z.infer<typeof okSchema>;
export const OK: Ok = { status: 200 };

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
