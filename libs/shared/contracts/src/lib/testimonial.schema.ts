import { z } from 'zod';
import { textField } from './bounded-text';
import { LANGUAGES } from './language';
import { idSchema } from './params.schema';
import { textInput } from './text.schema';
import { adminTranslationSchema, languageSchema } from './translation.schema';
import { optionalUploadNameSchema } from './upload.schema';
import { versionInputShape } from './versions.schema';

/** A testimonial's limits (the `testimonials` columns and the form's counters). */
export const TESTIMONIAL_LIMITS = {
  name: 200,
  role: 200,
  company: 200,
  quote: 1500,
  source_url: 2000,
} as const;

/** A day as `YYYY-MM-DD`, a real one. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (day: string) => DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/** An absolute http(s) address. */
function isWebAddress(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** A testimonial as the admin reads it. */
export const testimonialSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  company: z.string(),
  /** An upload's file name, as a post's thumbnail; null for none. */
  photo: z.string().nullable(),
  quote: z.string(),
  /** The project it is about, in its language; null when none. */
  project_id: z.number().int().nullable(),
  /** The day the person agreed to be quoted (`YYYY-MM-DD`). */
  consented_on: z.string(),
  source_url: z.string().nullable(),
  /** Its place in the list, from 0 (`PUT /api/testimonials/order`). */
  position: z.number().int(),
  hidden: z.boolean(),
  /** Its project is in its language. */
  language: z.enum(LANGUAGES),
  /** Its versions in the other languages (`state`: `published` or `hidden`; `title`: the person's name; `slug`: ''). */
  translations: z.array(adminTranslationSchema),
  created_at: z.string(),
  updated_at: z.string(),
  /** Bumped by every save: the `If-Match` / tRPC `version` of the next one. */
  version: z.number().int(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

/**
 * A shown testimonial as the public read answers it (`?lang=`: one language's): the consent is the owner's
 * record, not the visitor's.
 */
export const publicTestimonialSchema = testimonialSchema.omit({
  translations: true,
  consented_on: true,
  hidden: true,
  version: true,
  created_at: true,
  updated_at: true,
});
export type PublicTestimonial = z.infer<typeof publicTestimonialSchema>;

const optionalText = (max: number) => textField(max).default('');

/** The body of `POST /api/testimonials` and `PUT /api/testimonials/{id}`, and tRPC `testimonials.create`. */
export const testimonialInputSchema = z.object({
  name: textInput({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(TESTIMONIAL_LIMITS.name, { error: `Name must be at most ${TESTIMONIAL_LIMITS.name} characters` }),
  role: optionalText(TESTIMONIAL_LIMITS.role),
  company: optionalText(TESTIMONIAL_LIMITS.company),
  photo: optionalUploadNameSchema,
  quote: textInput({ error: 'Quote is required' })
    .trim()
    .min(1, { error: 'Quote is required' })
    .max(TESTIMONIAL_LIMITS.quote, { error: `Quote must be at most ${TESTIMONIAL_LIMITS.quote} characters` }),
  project_id: idSchema.nullable().default(null),
  // Required: nobody is quoted without having agreed to it.
  consented_on: textInput({ error: 'The day the person agreed to be quoted is required' })
    .trim()
    .refine(isDay, { error: 'must be a day as YYYY-MM-DD' }),
  source_url: textInput({ error: 'must be an http(s) URL' })
    .trim()
    .max(TESTIMONIAL_LIMITS.source_url, { error: `must be at most ${TESTIMONIAL_LIMITS.source_url} characters` })
    .refine((url) => url === '' || isWebAddress(url), { error: 'must be an http(s) URL' })
    .nullable()
    .default(null)
    .transform((url) => url || null),
  hidden: z.boolean({ error: 'must be true or false' }).default(false),
  // Absent: the site's default language on create, kept by an update. Its project is in it.
  language: languageSchema.optional(),
});
export type TestimonialFields = z.output<typeof testimonialInputSchema>;
export type TestimonialInput = z.input<typeof testimonialInputSchema>;

/** tRPC `testimonials.update`: the id beside the fields of `PUT /api/testimonials/{id}`, and the version the form started from. */
export const testimonialUpdateInputSchema = testimonialInputSchema.extend({ id: idSchema, ...versionInputShape });
