import { z } from 'zod';
import { LANGUAGES } from './language';
import { idSchema } from './params.schema';
import { slugSchema } from './slug.schema';
import { textInput } from './text.schema';
import { languageSchema, translationLinkSchema } from './translation.schema';
import { versionInputShape } from './versions.schema';

/** A category's description: a sentence under its name on the home page's tiles. */
export const CATEGORY_DESCRIPTION_MAX_LENGTH = 300;
export const categoryDescriptionSchema = textInput()
  .trim()
  .max(CATEGORY_DESCRIPTION_MAX_LENGTH, {
    error: `Description must be at most ${CATEGORY_DESCRIPTION_MAX_LENGTH} characters`,
  });

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  /** Readers may subscribe to its new posts by e-mail (true unless the owner unmarks it). */
  subscribable: z.boolean(),
  updated_at: z.string(),
  /** Bumped by every save: the `If-Match` / tRPC `version` of the next one. */
  version: z.number().int(),
  language: z.enum(LANGUAGES),
  /** Its versions in the other languages (`path`: its public page, `/category/slug` or `/vi/category/slug`). */
  translations: z.array(translationLinkSchema),
});
export type Category = z.infer<typeof categorySchema>;

/** The public header/sidebar list (`GET /api/gst-categories`). */
export const categoryLinkSchema = categorySchema.pick({ slug: true, name: true });
export type CategoryLink = z.infer<typeof categoryLinkSchema>;

export const categoryInputSchema = z.object({
  name: textInput({ error: 'Name is required' }).trim().min(1, { error: 'Name is required' }).max(200),
  slug: slugSchema,
  /** Absent: '' for a new category, kept by an update (the spec's clients send name and slug only). */
  description: categoryDescriptionSchema.optional(),
  /** Absent: true for a new category, kept by an update. */
  subscribable: z.boolean({ error: 'subscribable must be true or false' }).optional(),
  /** Absent: the site's default language for a new category, kept by an update. Its posts are in it. */
  language: languageSchema.optional(),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;
/** tRPC `categories.update`: the id beside the fields of `PUT /api/categories/{id}`. */
export const categoryUpdateInputSchema = categoryInputSchema.extend({ id: idSchema, ...versionInputShape });
