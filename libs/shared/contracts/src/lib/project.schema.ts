import { z } from 'zod';
import { ALT_TEXT_MAX_LENGTH } from './alt-text';
import { htmlField, textField } from './bounded-text';
import { LANGUAGES } from './language';
import { idSchema } from './params.schema';
import { META_DESCRIPTION_MAX_LENGTH, META_TITLE_MAX_LENGTH, postStatusSchema } from './post.schema';
import { publishedAtInputSchema } from './publication';
import { slugSchema } from './slug.schema';
import { textInput } from './text.schema';
import {
  adminTranslationSchema,
  langShape,
  languageRedirectSchema,
  languageSchema,
  translationLinkSchema,
} from './translation.schema';
import { optionalUploadNameSchema, uploadNameSchema } from './upload.schema';
import { revisionSummarySchema, versionInputShape } from './versions.schema';

/** The longest title of a project (the `projects.title` column). */
export const PROJECT_TITLE_MAX_LENGTH = 300;
/** The longest client name and owner's role (one line each, in the facts box). */
export const PROJECT_FACT_MAX_LENGTH = 200;
/** The longest summary (plain text: the card and the meta description's fallback). */
export const PROJECT_SUMMARY_MAX_LENGTH = 1_000;
/** The longest link (client, live site, source). */
export const PROJECT_URL_MAX_LENGTH = 2_000;
/** Each case-study section (`problem`, `approach`, `outcome`) is rich text of at most this many characters. */
export const PROJECT_SECTION_MAX_LENGTH = 200_000;
/** The years a project may be dated to. */
export const PROJECT_YEAR_MIN = 1970;
export const PROJECT_YEAR_MAX = 2100;
/** The largest team. */
export const PROJECT_TEAM_SIZE_MAX = 10_000;
/** The stack: at most this many tags, each at most this long, once each. */
export const PROJECT_STACK_MAX_COUNT = 20;
export const PROJECT_STACK_TAG_MAX_LENGTH = 40;
/** A stack tag as stored: lower-case letters and digits, with `.`, `+`, `#` and single hyphens ("next.js", "c#"). */
export const PROJECT_STACK_TAG_PATTERN = /^[a-z0-9.+#]+(?:-[a-z0-9.+#]+)*$/;
/** The results: at most this many label/value pairs, each part one short line. */
export const PROJECT_RESULTS_MAX_COUNT = 12;
export const PROJECT_RESULT_LABEL_MAX_LENGTH = 100;
export const PROJECT_RESULT_VALUE_MAX_LENGTH = 60;
/** The gallery's most images. */
export const PROJECT_GALLERY_MAX_COUNT = 40;
/** The most related posts a project names. */
export const PROJECT_RELATED_POSTS_MAX_COUNT = 6;
/** The most services a project names. */
export const PROJECT_SERVICES_MAX_COUNT = 20;
/** The list order's bounds (`sort_order`: lower first). */
export const PROJECT_SORT_ORDER_MAX = 1_000_000;

/** A result as the case study shows it: "Page load" → "4.1 s → 0.9 s". */
export const projectResultSchema = z.object({ label: z.string(), value: z.string() });
export type ProjectResult = z.infer<typeof projectResultSchema>;
/** An image of the gallery: an upload's stored name and its alt text. */
export const projectImageSchema = z.object({ image: z.string(), alt: z.string() });
export type ProjectImage = z.infer<typeof projectImageSchema>;

/** A project as the admin reads it (`GET /api/admin/projects/{id}`, tRPC `projects.adminById`), every field. */
export const projectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  client_name: z.string(),
  client_url: z.string().nullable(),
  year_from: z.number().int(),
  year_to: z.number().int().nullable(),
  role: z.string(),
  team_size: z.number().int().nullable(),
  stack: z.array(z.string()),
  live_url: z.string().nullable(),
  source_url: z.string().nullable(),
  summary: z.string(),
  /** Stored file name, served under `/uploads/` (as a post's thumbnail). */
  cover: z.string().nullable(),
  cover_alt: z.string(),
  gallery: z.array(projectImageSchema),
  /** The case study, three sections of rich text (sanitised HTML). */
  problem: z.string(),
  approach: z.string(),
  outcome: z.string(),
  results: z.array(projectResultSchema),
  related_post_ids: z.array(z.number().int()),
  /** The services the project used, in the owner's order (a public read names the shown ones only). */
  service_ids: z.array(z.number().int()),
  featured: z.boolean(),
  sort_order: z.number().int(),
  meta_title: z.string(),
  meta_description: z.string(),
  /** Readers may comment under it (the site's comment settings may still close them), as under a post. */
  comments_open: z.boolean(),
  /** 0 shown, 1 hidden (`POST_STATUS`), apart from the publication as a post's. */
  status: z.union([z.literal(0), z.literal(1)]),
  /** Null for a draft, a time to come for a scheduled project, a time passed for a published one. */
  published_at: z.string().nullable(),
  /** Its services and the testimonials about it are in its language. */
  language: z.enum(LANGUAGES),
  /** Its versions in the other languages, whatever their state, the trash included. */
  translations: z.array(adminTranslationSchema),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Project = z.infer<typeof projectSchema>;

/**
 * A project's fields as a revision keeps them (`GET /api/admin/projects/{id}/revisions/{revisionId}`): what
 * the edit form saves, so restoring one is loading them into the form and saving.
 */
export const projectRevisionFieldsSchema = projectSchema.omit({
  id: true,
  // Not kept by revisions, as a post's: restoring one keeps the project's choice, language and versions.
  comments_open: true,
  language: true,
  translations: true,
  created_at: true,
  updated_at: true,
  version: true,
});
export type ProjectRevisionFields = z.infer<typeof projectRevisionFieldsSchema>;
export const projectRevisionSchema = revisionSummarySchema.extend({ fields: projectRevisionFieldsSchema });
export type ProjectRevision = z.infer<typeof projectRevisionSchema>;

/**
 * A visible project as the public reads answer it: without the admin's `status` and `version`, with its
 * versions in the other languages that readers may read now (`path`: `/portfolio/{slug}` or
 * `/vi/portfolio/{slug}`, by the site's default language).
 */
export const publicProjectSchema = projectSchema
  .omit({ status: true, version: true, translations: true })
  .extend({ translations: z.array(translationLinkSchema) });
export type PublicProject = z.infer<typeof publicProjectSchema>;

/**
 * A project as the portfolio's cards and the site search show it (tRPC `projects.cards`, `projects.search`,
 * `GET /api/searchProjects/{term}`): the list's fields without the
 * case study, so a page listing every project stays small (200 projects with their case studies weigh
 * about a megabyte).
 */
export const projectCardSchema = publicProjectSchema.pick({
  id: true,
  title: true,
  slug: true,
  client_name: true,
  year_from: true,
  year_to: true,
  stack: true,
  summary: true,
  cover: true,
  cover_alt: true,
  featured: true,
  language: true,
});
export type ProjectCard = z.infer<typeof projectCardSchema>;
/** The columns a card is read from. */
export const PROJECT_CARD_FIELDS = Object.keys(projectCardSchema.shape) as Array<keyof ProjectCard>;

/**
 * Where an old project slug in a language leads now (`GET /api/projects/{slug}/redirect?lang=`, tRPC
 * `projects.redirect`): as a post's, its slug, language and address (`/portfolio/{slug}`, `/vi/portfolio/{slug}`).
 */
export const projectRedirectSchema = languageRedirectSchema;

/** One line: trimmed, runs of white space as one space, at most `max` characters, required. */
const line = (max: number) =>
  textInput({ error: 'must be text' })
    .trim()
    .transform((text) => text.replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, { error: 'is required' })
        .max(max, { error: `must be at most ${max} characters` }),
    );

/** An optional http(s) link: empty or null is none. */
const optionalUrl = z
  .union([
    z.literal(''),
    z.null(),
    textInput({ error: 'must be an http(s) URL' })
      .trim()
      .max(PROJECT_URL_MAX_LENGTH, { error: `must be at most ${PROJECT_URL_MAX_LENGTH} characters`, abort: true })
      .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'must be an http(s) URL' })),
  ])
  .optional()
  .transform((url) => url || null);

const yearSchema = z
  .number({ error: 'must be a year' })
  .int({ error: 'must be a year' })
  .min(PROJECT_YEAR_MIN, { error: `must be ${PROJECT_YEAR_MIN} or later` })
  .max(PROJECT_YEAR_MAX, { error: `must be ${PROJECT_YEAR_MAX} or earlier` });

/**
 * A stack tag as stored: lower-case, trimmed, white space as single hyphens ("Next.js" → "next.js",
 * "Tailwind CSS" → "tailwind-css"), so the filter `?stack=` matches however the owner typed it.
 */
export function normalizeStackTag(tag: string): string {
  return tag.normalize('NFC').trim().toLowerCase().replace(/\s+/g, '-');
}

const stackSchema = z
  .array(
    textInput({ error: 'must be text' })
      .transform(normalizeStackTag)
      .pipe(
        z
          .string()
          .min(1, { error: 'must not be blank', abort: true })
          .max(PROJECT_STACK_TAG_MAX_LENGTH, {
            error: `must be at most ${PROJECT_STACK_TAG_MAX_LENGTH} characters`,
            abort: true,
          })
          .regex(PROJECT_STACK_TAG_PATTERN, {
            error: 'may contain only a-z, 0-9, ".", "+", "#" and single hyphens',
          }),
      ),
    { error: 'must be a list of tags' },
  )
  // Counted once each: a tag typed twice is stored once, in the order first given.
  .transform((tags) => [...new Set(tags)])
  .pipe(
    z.array(z.string()).max(PROJECT_STACK_MAX_COUNT, { error: `must have at most ${PROJECT_STACK_MAX_COUNT} tags` }),
  )
  .default([]);

const resultsSchema = z
  .array(
    z.object(
      { label: line(PROJECT_RESULT_LABEL_MAX_LENGTH), value: line(PROJECT_RESULT_VALUE_MAX_LENGTH) },
      { error: 'must be a label and a value' },
    ),
    { error: 'must be a list of label and value pairs' },
  )
  .max(PROJECT_RESULTS_MAX_COUNT, { error: `must have at most ${PROJECT_RESULTS_MAX_COUNT} results` })
  .default([]);

const altSchema = textInput({ error: 'must be text' })
  .trim()
  .max(ALT_TEXT_MAX_LENGTH, { error: `must be at most ${ALT_TEXT_MAX_LENGTH} characters` })
  .transform((alt) => alt.replace(/\s+/g, ' '));

const gallerySchema = z
  .array(
    z.object({ image: uploadNameSchema, alt: altSchema.default('') }, { error: 'must be an image and its alt text' }),
    {
      error: 'must be a list of images',
    },
  )
  .max(PROJECT_GALLERY_MAX_COUNT, { error: `must have at most ${PROJECT_GALLERY_MAX_COUNT} images` })
  .default([]);

const relatedPostIdsSchema = z
  .array(idSchema, { error: 'must be a list of post ids' })
  .transform((ids) => [...new Set(ids)])
  .pipe(
    z
      .array(z.number())
      .max(PROJECT_RELATED_POSTS_MAX_COUNT, { error: `must name at most ${PROJECT_RELATED_POSTS_MAX_COUNT} posts` }),
  )
  .default([]);

const serviceIdsSchema = z
  .array(idSchema, { error: 'must be a list of service ids' })
  .transform((ids) => [...new Set(ids)])
  .pipe(
    z.array(z.number()).max(PROJECT_SERVICES_MAX_COUNT, {
      error: `must name at most ${PROJECT_SERVICES_MAX_COUNT} services`,
    }),
  )
  .default([]);

/**
 * The body of `POST /api/admin/projects` and `PUT /api/admin/projects/{id}`, and tRPC `projects.create`.
 * A save replaces the whole project; what is left out takes its default. `slug` left out or blank is made
 * from the title (Vietnamese letters folded, as the admin's forms do).
 */
export const projectInputSchema = z
  .object({
    title: textInput({ error: 'Title is required' })
      .trim()
      .min(1, { error: 'Title is required' })
      .max(PROJECT_TITLE_MAX_LENGTH, { error: `Title must be at most ${PROJECT_TITLE_MAX_LENGTH} characters` }),
    slug: z
      .union([z.literal(''), slugSchema])
      .optional()
      .transform((slug) => slug || undefined),
    client_name: textField(PROJECT_FACT_MAX_LENGTH).default(''),
    client_url: optionalUrl,
    year_from: yearSchema,
    year_to: yearSchema.nullish().transform((year) => year ?? null),
    role: textField(PROJECT_FACT_MAX_LENGTH).default(''),
    team_size: z
      .number({ error: 'must be a whole number of at least 1' })
      .int({ error: 'must be a whole number of at least 1' })
      .min(1, { error: 'must be a whole number of at least 1' })
      .max(PROJECT_TEAM_SIZE_MAX, { error: `must be at most ${PROJECT_TEAM_SIZE_MAX}` })
      .nullish()
      .transform((size) => size ?? null),
    stack: stackSchema,
    live_url: optionalUrl,
    source_url: optionalUrl,
    summary: textField(PROJECT_SUMMARY_MAX_LENGTH).default(''),
    cover: optionalUploadNameSchema,
    cover_alt: altSchema.default(''),
    gallery: gallerySchema,
    problem: htmlField(PROJECT_SECTION_MAX_LENGTH).default(''),
    approach: htmlField(PROJECT_SECTION_MAX_LENGTH).default(''),
    outcome: htmlField(PROJECT_SECTION_MAX_LENGTH).default(''),
    results: resultsSchema,
    related_post_ids: relatedPostIdsSchema,
    service_ids: serviceIdsSchema,
    featured: z.boolean({ error: 'must be true or false' }).default(false),
    sort_order: z
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(0, { error: 'must be 0 or more' })
      .max(PROJECT_SORT_ORDER_MAX, { error: `must be at most ${PROJECT_SORT_ORDER_MAX}` })
      .default(0),
    meta_title: textField(META_TITLE_MAX_LENGTH).default(''),
    meta_description: textField(META_DESCRIPTION_MAX_LENGTH).default(''),
    // Readers may comment under it. Absent keeps the stored choice on update (open on create).
    comments_open: z.boolean({ error: 'comments_open must be true or false' }).optional(),
    status: postStatusSchema,
    published_at: publishedAtInputSchema,
    // Absent: the site's default language on create, kept by an update. Its services are in it.
    language: languageSchema.optional(),
  })
  .refine((project) => project.year_to === null || project.year_to >= project.year_from, {
    error: 'must be the same as or later than year_from',
    path: ['year_to'],
    // Checked as soon as both years are valid, whatever else is wrong, so one answer names every field.
    when: ({ value }) => {
      // `value` is the input as sent, which may be no object at all (a body that is not JSON).
      const { year_from, year_to } = (value ?? {}) as { year_from?: unknown; year_to?: unknown };
      return Number.isInteger(year_from) && Number.isInteger(year_to);
    },
  });
export type ProjectInput = z.input<typeof projectInputSchema>;
/** The fields as the service takes them (trimmed, normalised). */
export type ProjectFields = z.output<typeof projectInputSchema>;

/** tRPC `projects.update`: the id beside the body of `PUT /api/admin/projects/{id}`, and the version the form started from. */
export const projectUpdateInputSchema = projectInputSchema.safeExtend({ id: idSchema, ...versionInputShape });

/**
 * The public list (`GET /api/projects?stack=&service=&lang=`, tRPC `projects.list`, `projects.cards`): visible
 * projects of one language (`lang`, else the site's default), those with the tag and those that used the
 * shown service of that slug, when given.
 */
export const projectsQuerySchema = z
  .object({
    stack: textInput({ error: 'must be text' })
      .transform(normalizeStackTag)
      .pipe(
        z
          .string()
          .max(PROJECT_STACK_TAG_MAX_LENGTH, { error: `must be at most ${PROJECT_STACK_TAG_MAX_LENGTH} characters` }),
      )
      .optional()
      .transform((stack) => stack || undefined),
    service: z
      .union([z.literal(''), slugSchema])
      .optional()
      .transform((service) => service || undefined),
    ...langShape,
  })
  .prefault({});
export type ProjectsQuery = z.input<typeof projectsQuerySchema>;
