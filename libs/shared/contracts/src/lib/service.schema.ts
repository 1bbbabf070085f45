import { z } from 'zod';
import { textField } from './bounded-text';
import { LANGUAGES } from './language';
import { idSchema } from './params.schema';
import { slugSchema } from './slug.schema';
import { textInput } from './text.schema';
import { adminTranslationSchema, languageSchema } from './translation.schema';
import { optionalUploadNameSchema } from './upload.schema';
import { versionInputShape } from './versions.schema';

/** A service's limits (the `services` columns and the form's counters). */
export const SERVICE_LIMITS = {
  name: 200,
  summary: 1000,
  /** One line of what is delivered ("Design in Figma"). */
  deliverable: 200,
  deliverables: 20,
  duration: 100,
  /** A price is an int4 column. */
  price: 2_147_483_647,
} as const;

/** A whole, non-negative price; null for none. */
const priceSchema = z
  .number({ error: 'must be a whole number or null' })
  .int({ error: 'must be a whole number' })
  .min(0, { error: 'must be 0 or more' })
  .max(SERVICE_LIMITS.price, { error: 'is too large' })
  .nullable()
  .default(null);

/**
 * A service as the admin reads it. The price: `price_vnd` null is "on request" (and then no
 * `price_usd`); otherwise "from" `price_vnd` đ, and optionally "from" `price_usd` US dollars.
 */
export const serviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  summary: z.string(),
  deliverables: z.array(z.string()),
  duration: z.string(),
  price_vnd: z.number().int().nullable(),
  price_usd: z.number().int().nullable(),
  /** An upload's file name, as a post's thumbnail; null for none. */
  cover: z.string().nullable(),
  /** Its place in the list, from 0 (`PUT /api/services/order`). */
  position: z.number().int(),
  hidden: z.boolean(),
  /** The projects that name it are in its language. */
  language: z.enum(LANGUAGES),
  /** Its versions in the other languages (`state`: `published` or `hidden`; `title`: the name). */
  translations: z.array(adminTranslationSchema),
  created_at: z.string(),
  updated_at: z.string(),
  /** Bumped by every save: the `If-Match` / tRPC `version` of the next one. */
  version: z.number().int(),
});
export type Service = z.infer<typeof serviceSchema>;

/** A shown service as the public reads answer it (`?lang=`: one language's). */
export const publicServiceSchema = serviceSchema.omit({
  hidden: true,
  version: true,
  created_at: true,
  translations: true,
});
export type PublicService = z.infer<typeof publicServiceSchema>;

/** The body of `POST /api/services` and `PUT /api/services/{id}`, and tRPC `services.create`. */
export const serviceInputSchema = z
  .object({
    name: textInput({ error: 'Name is required' })
      .trim()
      .min(1, { error: 'Name is required' })
      .max(SERVICE_LIMITS.name, { error: `Name must be at most ${SERVICE_LIMITS.name} characters` }),
    /** Absent or '': kept by an update; made from the name for a new service, Vietnamese letters folded, as a post's. */
    slug: z.union([slugSchema, z.literal('')]).optional(),
    summary: textField(SERVICE_LIMITS.summary).default(''),
    deliverables: z
      .array(textField(SERVICE_LIMITS.deliverable).min(1, { error: 'must not be empty' }), {
        error: 'must be a list of lines',
      })
      .max(SERVICE_LIMITS.deliverables, { error: `must hold at most ${SERVICE_LIMITS.deliverables} lines` })
      .default([]),
    duration: textField(SERVICE_LIMITS.duration).default(''),
    price_vnd: priceSchema,
    price_usd: priceSchema,
    cover: optionalUploadNameSchema,
    hidden: z.boolean({ error: 'must be true or false' }).default(false),
    // Absent: the site's default language on create, kept by an update.
    language: languageSchema.optional(),
  })
  .refine((service) => service.price_usd === null || service.price_vnd !== null, {
    path: ['price_usd'],
    error: 'needs a price in VND: a service on request has no price',
  });
/** The fields as the service takes them (trimmed, defaults filled in). */
export type ServiceFields = z.output<typeof serviceInputSchema>;
export type ServiceInput = z.input<typeof serviceInputSchema>;

/** tRPC `services.update`: the id beside the fields of `PUT /api/services/{id}`, and the version the form started from. */
export const serviceUpdateInputSchema = serviceInputSchema.safeExtend({ id: idSchema, ...versionInputShape });
