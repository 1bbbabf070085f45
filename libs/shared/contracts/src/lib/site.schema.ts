import { z } from 'zod';
import { AVAILABILITY_NOTE_MAX_LENGTH, AVAILABILITY_STATES } from './availability';
import { textField } from './bounded-text';
import { commentModerationSchema, commentOpeningSchema, commentSettingsSchema } from './comment.schema';
import { LANGUAGES } from './language';
import { idSchema } from './params.schema';
import { SITE_IDENTITY_FIELDS, SITE_IDENTITY_MAX_LENGTH, SITE_IDENTITY_OPTIONAL, type SiteIdentityField } from './site';
import { socialProfilesInputShape, socialProfilesShape } from './social.schema';
import { textInput } from './text.schema';
import { languageSchema, translationLinkSchema } from './translation.schema';
import { uploadNameSchema } from './upload.schema';
import { versionInputShape } from './versions.schema';

/** An About page: one per language, each the others' translation. */
export const aboutSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  /** Bumped by every save: the `If-Match` / tRPC `version` of the next one. */
  version: z.number().int(),
  language: z.enum(LANGUAGES),
});
export type About = z.infer<typeof aboutSchema>;
/**
 * The About page as readers read it (`about.publicList`, `GET /api/gst-about?lang=`): with the other
 * languages' About pages that have content (`path`: `/about`, `/vi/about`; `title` the language's name).
 */
export const publicAboutSchema = aboutSchema.extend({ translations: z.array(translationLinkSchema) });
export type PublicAbout = z.infer<typeof publicAboutSchema>;

/** Whether the owner takes work (`availabilityNow` says what to show today): as stored. */
const availabilityShape = {
  availability: z.enum(AVAILABILITY_STATES),
  /** The booking's last day (`YYYY-MM-DD`, in the site's time zone); null unless booked. */
  booked_until: z.iso.date().nullable(),
  availability_note: z.string(),
};

/**
 * General info as read: stored file names plus the URLs they are served at, the
 * owner's social profiles (null when not set) and the site's identity (`SITE_IDENTITY_DEFAULTS`).
 */
export const generalInfoSchema = z.object({
  id: z.number().int(),
  logo_1: z.string().nullable(),
  logo_2: z.string().nullable(),
  favicon: z.string().nullable(),
  logo_1_url: z.string().nullable(),
  logo_2_url: z.string().nullable(),
  favicon_url: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  ...socialProfilesShape,
  ...(Object.fromEntries(SITE_IDENTITY_FIELDS.map((field) => [field, z.string()])) as Record<
    SiteIdentityField,
    z.ZodString
  >),
  /** The home page hero's picture (null: the picture built into the site), and its size in pixels when known. */
  hero_image: z.string().nullable(),
  hero_image_url: z.string().nullable(),
  hero_image_width: z.number().int().nullable(),
  hero_image_height: z.number().int().nullable(),
  ...availabilityShape,
  /** The sender of the subscription mails; '' for the site's name and the server's `MAIL_FROM`. */
  sender_name: z.string(),
  sender_address: z.string(),
  /** Readers' comments: open site-wide, closed on old posts (the moderation's rules: `generalInfoAdminSchema`). */
  ...commentOpeningSchema.shape,
  /** The language of the unprefixed addresses, and of a read without `lang`; always among `languages`. */
  default_language: z.enum(LANGUAGES),
  /** The languages the site runs, in `LANGUAGES`' order (one or more); another's addresses answer 404. */
  languages: z.array(z.enum(LANGUAGES)),
  /** Bumped by every save: the `If-Match` / tRPC `version` of the next one. */
  version: z.number().int(),
});
export type GeneralInfo = z.infer<typeof generalInfoSchema>;

/** General info as its administrators read it (`siteInfo.adminList`, `GET /api/generalInfo/{id}`): with the moderation's rules. */
export const generalInfoAdminSchema = generalInfoSchema.extend(commentModerationSchema.shape);
export type GeneralInfoAdmin = z.infer<typeof generalInfoAdminSchema>;

/**
 * The tags the public pages load (`GET /api/site-tags`, `siteInfo.tags`): the tag manager container
 * and the ads conversion id with its label (`null` when not configured: nothing is loaded), and
 * whether the site's own analytics beacon is (`STATS`).
 */
export const siteTagsSchema = z.object({
  gtm_id: z.string().nullable(),
  ads_conversion_id: z.string().nullable(),
  stats: z.boolean(),
});
export type SiteTags = z.infer<typeof siteTagsSchema>;

/**
 * A file name of a record that may be updated: absent keeps the stored one, empty or null removes it;
 * anything else must be a name `/api/upload` gave (its own message, not a union's "Invalid input").
 */
const keptUploadNameSchema = textInput()
  .nullish()
  .transform((name) => (name === undefined ? undefined : name?.trim() || null))
  .pipe(uploadNameSchema.nullish());

/**
 * One identity text (a save's, an archive's): one line (it goes into titles, mail headers and feeds),
 * trimmed and bounded; a required one may not be blank.
 */
export function siteIdentityTextSchema(field: SiteIdentityField) {
  const max = SITE_IDENTITY_MAX_LENGTH[field];
  const text = textInput()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .regex(/^[^\r\n]*$/, { error: 'must be a single line' });
  return SITE_IDENTITY_OPTIONAL.includes(field) ? text : text.min(1, { error: 'must not be empty' });
}
/** The identity fields of `POST/PUT /api/generalInfo` and tRPC `siteInfo.create/update`: absent keeps the stored one. */
const siteIdentityInputShape = Object.fromEntries(
  SITE_IDENTITY_FIELDS.map((field) => [field, siteIdentityTextSchema(field).optional()]),
) as Record<SiteIdentityField, z.ZodOptional<ReturnType<typeof siteIdentityTextSchema>>>;

/** The owner's line beside her availability: one line, trimmed and bounded; empty shows none. */
export const availabilityNoteSchema = textInput()
  .trim()
  .max(AVAILABILITY_NOTE_MAX_LENGTH, { error: `must be at most ${AVAILABILITY_NOTE_MAX_LENGTH} characters` })
  .regex(/^[^\r\n]*$/, { error: 'must be a single line' });

/**
 * The availability of a save: absent keeps the stored value. A booking names its last day in the same
 * save; any other state clears the day.
 */
const availabilityInputShape = {
  availability: z.enum(AVAILABILITY_STATES, { error: `must be one of ${AVAILABILITY_STATES.join(', ')}` }).optional(),
  booked_until: textInput()
    .pipe(z.iso.date({ error: 'must be a day (YYYY-MM-DD)' }))
    .nullish(),
  availability_note: availabilityNoteSchema.optional(),
};

/** An e-mail address or '' (none), trimmed; `label` starts its messages. */
export const emailOrEmptySchema = (label: string) =>
  textInput({ error: `${label} must be text` })
    .trim()
    .max(254, { error: `${label} must be at most 254 characters` })
    .pipe(z.union([z.literal(''), z.email({ error: `${label} must be a valid e-mail address` })]));

/** The sender name of the subscription mails: one line (it goes into the `From` header). */
export const MAIL_SENDER_NAME_MAX_LENGTH = 100;
export const mailSenderNameSchema = textInput()
  .trim()
  .max(MAIL_SENDER_NAME_MAX_LENGTH, { error: `must be at most ${MAIL_SENDER_NAME_MAX_LENGTH} characters` })
  .regex(/^[^\r\n]*$/, { error: 'must be a single line' });

export const aboutInputSchema = z.object({
  content: textInput({ error: 'Content is required' }).max(1_000_000, { error: 'must be at most 1000000 characters' }),
  /** Absent: the site's default language on create, kept by an update; one About per language. */
  language: languageSchema.optional(),
});
export type AboutInput = z.input<typeof aboutInputSchema>;
/** tRPC `about.update`: with the version the form started from (`versionInputShape`). */
export const aboutUpdateInputSchema = aboutInputSchema.extend({ id: idSchema, ...versionInputShape });

/**
 * The body of `POST /api/generalInfo` and `PUT /api/generalInfo/{id}`. A field left out keeps its
 * stored value on update (and is empty on create), so a client that does not know a field (the
 * spec's client never sends `address`) cannot erase it; `null` or `''` clears a logo, the hero's
 * picture or a social profile (`facebook_url` …: https addresses on the network's own hosts, `https://`
 * added when none is typed). The identity texts (`site_name` …) are trimmed; the required ones may not be blank.
 */
export const generalInfoInputSchema = z
  .object({
    logo_1: keptUploadNameSchema,
    logo_2: keptUploadNameSchema,
    favicon: keptUploadNameSchema,
    email: emailOrEmptySchema('Email').optional(),
    phone: textField(50).optional(),
    address: textField(300).optional(),
    ...socialProfilesInputShape,
    ...siteIdentityInputShape,
    hero_image: keptUploadNameSchema,
    ...availabilityInputShape,
    sender_name: mailSenderNameSchema.optional(),
    sender_address: emailOrEmptySchema('Sender address').optional(),
    ...commentSettingsSchema.partial().shape,
    default_language: languageSchema.optional(),
    languages: z
      .array(languageSchema, { error: `languages must be a list of ${LANGUAGES.join(', ')}` })
      .min(1, { error: 'must name at least one language' })
      .refine((languages) => new Set(languages).size === languages.length, { error: 'must name each language once' })
      .optional(),
  })
  .superRefine((fields, context) => {
    // Given together, they must agree here; one alone is checked against the stored other by the save.
    if (fields.default_language && fields.languages && !fields.languages.includes(fields.default_language)) {
      context.addIssue({ code: 'custom', path: ['languages'], message: 'must include the default language' });
    }
    if (fields.availability === 'booked' && !fields.booked_until) {
      context.addIssue({ code: 'custom', path: ['booked_until'], message: 'is required when booked' });
    }
    // Alone, a day could leave a stored booking without one: it comes with its state.
    if (fields.booked_until !== undefined && fields.availability === undefined) {
      context.addIssue({ code: 'custom', path: ['availability'], message: 'is required with booked_until' });
    }
  });
export type GeneralInfoInput = z.input<typeof generalInfoInputSchema>;
export const generalInfoUpdateInputSchema = generalInfoInputSchema.safeExtend({ id: idSchema, ...versionInputShape });
