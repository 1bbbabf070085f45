import { z } from 'zod';
import { ALT_TEXT_MAX_LENGTH } from './alt-text';
import { htmlField, textField } from './bounded-text';
import { categoryDescriptionSchema } from './category.schema';
import { COMMENT_LIMITS, COMMENT_STATES } from './comment';
import { commentSettingsSchema, COMMENT_SETTINGS_DEFAULTS } from './comment.schema';
import { CONTACT_LIMITS } from './contact.schema';
import { IMPORT_CONFLICT_MODES } from './import.schema';
import { INQUIRY_TOPIC_KINDS, SOURCE_PATH_MAX } from './inquiry';
import { LANGUAGES } from './language';
import { projectInputSchema } from './project.schema';
import { serviceInputSchema } from './service.schema';
import { STATS_SOURCES } from './stats';
import { CONSENT_SOURCES, SUBSCRIBER_STATES, SUPPRESSION_REASONS } from './subscriber-admin.schema';
import { SUBSCRIBER_LIMITS } from './subscription.schema';
import { testimonialInputSchema } from './testimonial.schema';
import { AVAILABILITY_DEFAULT_STATE, AVAILABILITY_STATES } from './availability';
import { SITE_IDENTITY_DEFAULTS, SITE_IDENTITY_FIELDS, type SiteIdentityField } from './site';
import {
  availabilityNoteSchema,
  emailOrEmptySchema,
  mailSenderNameSchema,
  siteIdentityTextSchema,
} from './site.schema';
import { slugSchema } from './slug.schema';
import { SOCIAL_NETWORKS, type SocialField } from './social-networks';
import { SOCIAL_URL_MAX_LENGTH } from './social.schema';
import { textInput } from './text.schema';
import { UPLOAD_IMAGE_TYPES } from './upload.schema';
import { UPLOAD_AUDIO_TYPES, UPLOAD_NAME_MAX_LENGTH, UPLOAD_NAME_PATTERN } from './upload-names';

/*
 * The site archive (`GET /api/export`, `npm run export`): a zip holding `site.json` (described by
 * `siteArchiveSchema`, whose JSON Schema is committed as docs/site-archive.schema.json) and every
 * upload's stored original under `uploads/{name}`, byte for byte. A change to the format bumps
 * `SITE_ARCHIVE_VERSION`. Never in it: users, password hashes, sessions, secrets, two-factor,
 * preview and reset tokens. The subscribers' addresses are in it (personal data, as the site keeps them).
 */

export const SITE_ARCHIVE_FORMAT = 'blog-site-archive';
/**
 * 2 added the portfolio (projects, services, testimonials and the projects' old slugs); 3 the e-mail
 * subscribers and suppressions; 4 the readers' comments, each post's `comments_open` and the comment
 * settings of general info; 5 the languages: each post's, category's, old slug's and About page's
 * `language`, the posts' and categories' `translation_group`, one About page per language, and the
 * site's `default_language` and `languages`; 6 the portfolio's languages: each project's, service's and
 * testimonial's `language` and `translation_group` (a project's old slugs in its language), and each
 * subscriber's `language` (their mails' words and links).
 */
export const SITE_ARCHIVE_VERSION = 6;
/** The oldest version a restore reads: every archive of an older version is the same list minus what was added since. */
export const SITE_ARCHIVE_OLDEST_VERSION = 1;
/** The zip entry of the site's records. */
export const SITE_ARCHIVE_JSON = 'site.json';
/** The folder of the uploads' originals in the zip (`uploads/{name}`). */
export const SITE_ARCHIVE_UPLOADS_DIR = 'uploads/';

/** Restoring refuses a zip beyond these before writing anything. */
export const SITE_ARCHIVE_LIMITS = {
  /** site.json, uncompressed (10 000 posts of 10 kB take about 100 MB). */
  siteJsonBytes: 512 * 1024 * 1024,
  /** One upload's original, uncompressed (new uploads are at most `UPLOAD_MAX_BYTES`; files from before may be larger). */
  uploadBytes: 50 * 1024 * 1024,
  /** Everything, uncompressed. */
  totalBytes: 4 * 1024 * 1024 * 1024,
  /** Uncompressed over compressed size of an entry beyond `ratioFloorBytes`: JSON packs about 10 to 1, a zip bomb thousands. */
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
  entries: 200_000,
} as const;

/** `GET /api/export?include_messages=true|false`: the contact messages are left out unless asked for. */
export const exportQuerySchema = z.object({
  include_messages: z
    .enum(['true', 'false'], { error: 'include_messages must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});
export type ExportQuery = z.input<typeof exportQuerySchema>;

/** An ISO 8601 time with its offset, as every date in the archive is written. */
const isoTime = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 time with its offset' })
  .meta({ id: 'IsoTime' });
const rowId = z.number().int().positive().max(2_147_483_647);
/** An upload's stored name (as `/uploads/{name}` serves it): never a path. */
const archiveUploadName = textInput()
  .max(UPLOAD_NAME_MAX_LENGTH)
  .regex(UPLOAD_NAME_PATTERN, { error: 'must be an upload name (letters, digits, ".", "_", "-")' })
  .refine((name) => !name.includes('..'), { error: 'must not contain ".."' });
const timestamps = { created_at: isoTime, updated_at: isoTime };
/**
 * What a record is written in; absent from archives before version 5 (before 6 for projects, services,
 * testimonials and subscribers): the restoring site's default language.
 */
const archiveLanguage = z.enum(LANGUAGES).optional();
/**
 * The versions of one story (or category) share it; absent from archives before version 5 (before 6 for
 * projects, services and testimonials): none.
 */
const archiveTranslationGroup = z.uuid({ error: 'must be a UUID' }).nullable().default(null);

export const archiveCategorySchema = z.object({
  id: rowId,
  name: textInput().trim().min(1).max(200),
  slug: slugSchema,
  /** Absent from archives made before categories had one. */
  description: categoryDescriptionSchema.default(''),
  /** Absent from archives made before it could be unmarked: every category was. */
  subscribable: z.boolean().default(true),
  language: archiveLanguage,
  translation_group: archiveTranslationGroup,
  ...timestamps,
});

export const archivePostSchema = z.object({
  id: rowId,
  category_id: rowId,
  title: textInput().trim().min(1).max(300),
  /** Any slug: one that became a route of the site since is restored under a free one (`restored_as`). */
  slug: slugSchema,
  content: htmlField(1_000_000),
  short_content: htmlField(100_000),
  thumbnail: archiveUploadName.nullable(),
  thumbnail_alt: textField(ALT_TEXT_MAX_LENGTH),
  meta_title: textField(300),
  meta_description: textField(5_000),
  meta_keywords: textField(5_000),
  /** 1 = hidden, 0 = visible. */
  status: z.union([z.literal(0), z.literal(1)]),
  /** Null for a draft; a time to come for a scheduled post. */
  published_at: isoTime.nullable(),
  color: textField(100).nullable(),
  price: textField(100).nullable(),
  /** Absent from archives before version 4: comments were open. */
  comments_open: z.boolean().default(true),
  language: archiveLanguage,
  translation_group: archiveTranslationGroup,
  ...timestamps,
});

/**
 * A reader's comment under a post of the archive (`post_id`, the archive's id, as the slug history names
 * its posts); a reply names its top-level comment (`parent_id`, earlier in the list). Never in it: the
 * writer's token, the hash of their address, their browser. Absent from archives before version 4.
 */
export const archiveCommentSchema = z
  .object({
    id: rowId,
    /** The post or the project it is under (the archive's ids), one of them. */
    post_id: rowId.nullable(),
    /** Absent from archives written before comments under projects. */
    project_id: rowId.nullable().default(null),
    parent_id: rowId.nullable(),
    author_name: textInput().trim().min(1).max(COMMENT_LIMITS.author_name),
    author_email: textField(COMMENT_LIMITS.author_email),
    author_url: textInput()
      .max(COMMENT_LIMITS.author_url)
      .regex(/^https?:\/\/\S+$/, { error: 'must be an http or https address' })
      .nullable(),
    body: textInput().min(1).max(COMMENT_LIMITS.body),
    state: z.enum(COMMENT_STATES),
    by_owner: z.boolean(),
    notify_replies: z.boolean(),
    approved_at: isoTime.nullable(),
    ...timestamps,
  })
  .refine((row) => (row.post_id === null) !== (row.project_id === null), {
    error: 'exactly one of post_id and project_id must be set',
  });

/** A slug a post, category or project had before (exactly one of `post_id`, `category_id` and `project_id`, the archive's ids). */
export const archiveSlugHistorySchema = z
  .object({
    slug: slugSchema,
    post_id: rowId.nullable(),
    category_id: rowId.nullable(),
    /** Absent from archives of version 1 (which had no projects). */
    project_id: rowId.nullable().default(null),
    /** The language of the address it was (`/vi/{slug}`, `/vi/portfolio/{slug}`). */
    language: archiveLanguage,
    created_at: isoTime,
  })
  .refine((row) => [row.post_id, row.category_id, row.project_id].filter((id) => id !== null).length === 1, {
    error: 'exactly one of post_id, category_id and project_id must be set',
  });

/**
 * A project: every field of a save, checked by the same rules (`projectInputSchema`), with its id, its
 * publication and dates as stored; `related_post_ids` and `service_ids` are the archive's post and service ids.
 */
export const archiveProjectSchema = projectInputSchema.safeExtend({
  id: rowId,
  slug: slugSchema,
  related_post_ids: z.array(rowId),
  /** The services it used, in order; absent from archives written before projects named them. */
  service_ids: z.array(rowId).default([]),
  status: z.union([z.literal(0), z.literal(1)]),
  /** Null for a draft; a time to come for a scheduled project. */
  published_at: isoTime.nullable(),
  language: archiveLanguage,
  translation_group: archiveTranslationGroup,
  ...timestamps,
});

/** A service: every field of a save (`serviceInputSchema`), with its id, place in the list and dates. */
export const archiveServiceSchema = serviceInputSchema.safeExtend({
  id: rowId,
  slug: slugSchema,
  position: z.number().int().min(0),
  language: archiveLanguage,
  translation_group: archiveTranslationGroup,
  ...timestamps,
});

/** A testimonial: every field of a save (`testimonialInputSchema`); `project_id` is the archive's project id. */
export const archiveTestimonialSchema = testimonialInputSchema.safeExtend({
  id: rowId,
  project_id: rowId.nullable(),
  position: z.number().int().min(0),
  language: archiveLanguage,
  translation_group: archiveTranslationGroup,
  ...timestamps,
});

const sitePath = textInput().min(1).max(2_000).startsWith('/', { error: 'must be a path starting with /' });
/** A redirect of an old address (the `redirects` table; only in archives of sites that have it). */
export const archiveRedirectSchema = z.object({
  from_path: sitePath,
  to_path: textInput().min(1).max(2_000),
  status_code: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]),
  hits: z.number().int().min(0),
  last_hit_at: isoTime.nullable(),
  source: textField(50),
});

/** An About page; one per language (archives before version 5 have one, in the default language). */
export const archiveAboutSchema = z.object({ content: htmlField(1_000_000), language: archiveLanguage, ...timestamps });

const socialUrl = textInput()
  .max(SOCIAL_URL_MAX_LENGTH)
  .regex(/^https:\/\/[^\s]+$/, { error: 'must be an https:// address' })
  .nullable();
const commentSettings = commentSettingsSchema.shape;
export const archiveGeneralInfoSchema = z
  .object({
    /** Upload names, like the posts' thumbnails. */
    logo_1: archiveUploadName.nullable(),
    logo_2: archiveUploadName.nullable(),
    favicon: archiveUploadName.nullable(),
    email: textField(254),
    phone: textField(50),
    address: textField(300),
    ...(Object.fromEntries(SOCIAL_NETWORKS.map(({ field }) => [field, socialUrl])) as Record<
      SocialField,
      typeof socialUrl
    >),
    /** The site's identity: archives written before it was settable restore with the defaults. */
    ...(Object.fromEntries(
      SITE_IDENTITY_FIELDS.map((field) => [
        field,
        siteIdentityTextSchema(field).default(SITE_IDENTITY_DEFAULTS[field]),
      ]),
    ) as Record<SiteIdentityField, z.ZodDefault<ReturnType<typeof siteIdentityTextSchema>>>),
    hero_image: archiveUploadName.nullable().default(null),
    /** Archives written before it was settable restore as available, with no line. */
    availability: z.enum(AVAILABILITY_STATES).default(AVAILABILITY_DEFAULT_STATE),
    booked_until: z.iso.date().nullable().default(null),
    availability_note: availabilityNoteSchema.default(''),
    /** The sender of the subscription mails; archives written before it was settable restore with none. */
    sender_name: mailSenderNameSchema.default(''),
    sender_address: emailOrEmptySchema('sender_address').default(''),
    /** The comment settings; archives before version 4 restore with the defaults. */
    comments_enabled: commentSettings.comments_enabled.default(COMMENT_SETTINGS_DEFAULTS.comments_enabled),
    comments_close_after_days: commentSettings.comments_close_after_days.default(
      COMMENT_SETTINGS_DEFAULTS.comments_close_after_days,
    ),
    comments_max_links: commentSettings.comments_max_links.default(COMMENT_SETTINGS_DEFAULTS.comments_max_links),
    comments_block_list: commentSettings.comments_block_list.default(COMMENT_SETTINGS_DEFAULTS.comments_block_list),
    comments_spam_threshold: commentSettings.comments_spam_threshold.default(
      COMMENT_SETTINGS_DEFAULTS.comments_spam_threshold,
    ),
    /** The site's languages; absent from archives before version 5: the restoring site keeps its own. */
    default_language: z.enum(LANGUAGES).optional(),
    languages: z.array(z.enum(LANGUAGES)).min(1).max(LANGUAGES.length).optional(),
    ...timestamps,
  })
  .refine((info) => info.availability !== 'booked' || info.booked_until !== null, {
    path: ['booked_until'],
    error: 'is required when booked',
  })
  .refine((info) => (info.default_language === undefined) === (info.languages === undefined), {
    path: ['languages'],
    error: 'default_language and languages must be both given or both absent',
  })
  .refine((info) => !info.default_language || (info.languages ?? []).includes(info.default_language), {
    path: ['languages'],
    error: 'must include default_language',
  });

/**
 * A contact message; an inquiry's topic (all three fields or none), source page and the source of the
 * visit that sent it are absent from archives written before them.
 */
export const archiveContactMessageSchema = z
  .object({
    name: textField(CONTACT_LIMITS.name),
    email: textField(CONTACT_LIMITS.email),
    phone: textField(CONTACT_LIMITS.phone),
    message: textInput().max(CONTACT_LIMITS.message),
    read_at: isoTime.nullable(),
    topic_kind: z.enum(INQUIRY_TOPIC_KINDS).nullable().default(null),
    topic_slug: slugSchema.nullable().default(null),
    topic_title: textField(300).nullable().default(null),
    source_path: sitePath.max(SOURCE_PATH_MAX).nullable().default(null),
    visit_source: z.enum(STATS_SOURCES).nullable().default(null),
    visit_source_name: textField(255).nullable().default(null),
    ...timestamps,
  })
  .refine(
    (message) =>
      (message.topic_kind === null) === (message.topic_slug === null) &&
      (message.topic_kind === null) === (message.topic_title === null),
    { path: ['topic_kind'], error: 'topic_kind, topic_slug and topic_title must be all set or all null' },
  );

/**
 * An e-mail subscriber with their consent record: `topics` are the slugs of the archive's categories they
 * follow. Restoring never adds an address the site has suppressed, nor changes a subscriber it has.
 */
export const archiveSubscriberSchema = z.object({
  email: textInput()
    .trim()
    .max(SUBSCRIBER_LIMITS.email)
    .pipe(z.email({ error: 'must be a valid e-mail address' })),
  name: textField(SUBSCRIBER_LIMITS.name),
  state: z.enum(SUBSCRIBER_STATES),
  topics: z.array(slugSchema).max(SUBSCRIBER_LIMITS.topics),
  digest: z.boolean(),
  consent_source: z.enum(CONSENT_SOURCES),
  consent_at: isoTime,
  consent_note: textField(5_000),
  confirmed_at: isoTime.nullable(),
  digest_sent_at: isoTime.nullable(),
  /** The language of their mails' words and links. */
  language: archiveLanguage,
  ...timestamps,
});

/**
 * An address never mailed again: only its keyed hash (HMAC-SHA-256 under a key derived from the server
 * secret, so it matches addresses only on a site with the same `SESSION_SECRET`), a masked hint, why and when.
 */
export const archiveSuppressionSchema = z.object({
  email_hash: z.string().regex(/^[0-9a-f]{64}$/, { error: 'must be 64 lower-case hex digits' }),
  email_hint: textField(260),
  reason: z.enum(SUPPRESSION_REASONS),
  detail: textField(5_000),
  /** When the address had confirmed, if it had: the departures from the confirmed subscribers. */
  confirmed_at: isoTime.nullable(),
  created_at: isoTime,
});

const ARCHIVE_CONTENT_TYPES = [...Object.keys(UPLOAD_IMAGE_TYPES), ...Object.keys(UPLOAD_AUDIO_TYPES)] as [
  string,
  ...string[],
];

/**
 * An upload's stored original, at `uploads/{name}` in the zip; `sha256` (hex) and `byte_size` are checked
 * on restore. An image has its pixel size; an audio clip has none (null).
 */
export const archiveUploadSchema = z
  .object({
    name: archiveUploadName,
    content_type: z.enum(ARCHIVE_CONTENT_TYPES),
    width: z.number().int().positive().nullable(),
    height: z.number().int().positive().nullable(),
    byte_size: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'must be 64 lower-case hex digits' }),
  })
  .superRefine((upload, ctx) => {
    const audio = upload.content_type.startsWith('audio/');
    for (const field of ['width', 'height'] as const) {
      if (audio && upload[field] !== null)
        ctx.addIssue({ code: 'custom', path: [field], message: 'must be null for audio' });
      if (!audio && upload[field] === null)
        ctx.addIssue({ code: 'custom', path: [field], message: 'is required for an image' });
    }
  });

const VERSION_ERROR = `must be ${SITE_ARCHIVE_OLDEST_VERSION} to ${SITE_ARCHIVE_VERSION}, the versions this site reads`;

/** `site.json`: its keys in this order (the export writes them so; the lists may be long). */
export const siteArchiveSchema = z.strictObject({
  format: z.literal(SITE_ARCHIVE_FORMAT, { error: `must be "${SITE_ARCHIVE_FORMAT}"` }),
  version: z
    .number({ error: VERSION_ERROR })
    .int({ error: VERSION_ERROR })
    .min(SITE_ARCHIVE_OLDEST_VERSION, { error: VERSION_ERROR })
    .max(SITE_ARCHIVE_VERSION, { error: VERSION_ERROR }),
  exported_at: isoTime,
  /** The exporting site's `SITE_URL`. */
  site_url: textInput().max(2_000),
  categories: z.array(archiveCategorySchema),
  posts: z.array(archivePostSchema),
  /** The portfolio: absent from archives of version 1. */
  projects: z.array(archiveProjectSchema).optional(),
  services: z.array(archiveServiceSchema).optional(),
  testimonials: z.array(archiveTestimonialSchema).optional(),
  slug_history: z.array(archiveSlugHistorySchema),
  /** Readers' comments: absent from archives before version 4. */
  comments: z.array(archiveCommentSchema).optional(),
  /** Present when the exporting site had redirects. */
  redirects: z.array(archiveRedirectSchema).optional(),
  /** At most one record per language (one before version 5). */
  about: z.array(archiveAboutSchema).max(LANGUAGES.length),
  general_info: z.array(archiveGeneralInfoSchema).max(1),
  /** Present only when the export was asked to include them. */
  contact_messages: z.array(archiveContactMessageSchema).optional(),
  /** The e-mail subscriptions: absent from archives before version 3. */
  subscribers: z.array(archiveSubscriberSchema).optional(),
  suppressions: z.array(archiveSuppressionSchema).optional(),
  uploads: z.array(archiveUploadSchema),
});
export type SiteArchive = z.infer<typeof siteArchiveSchema>;
export type ArchivePost = z.infer<typeof archivePostSchema>;
export type ArchiveCategory = z.infer<typeof archiveCategorySchema>;
export type ArchiveUpload = z.infer<typeof archiveUploadSchema>;
export type ArchiveProject = z.infer<typeof archiveProjectSchema>;
export type ArchiveSubscriber = z.infer<typeof archiveSubscriberSchema>;

/** The lists of site.json, in the order the export writes them. */
export const SITE_ARCHIVE_SECTIONS = [
  'categories',
  'posts',
  'projects',
  'services',
  'testimonials',
  'slug_history',
  'comments',
  'redirects',
  'about',
  'general_info',
  'contact_messages',
  'subscribers',
  'suppressions',
  'uploads',
] as const;
export type SiteArchiveSection = (typeof SITE_ARCHIVE_SECTIONS)[number];
/** The single values of site.json, before the lists. */
export const SITE_ARCHIVE_HEADER_KEYS = ['format', 'version', 'exported_at', 'site_url'] as const;

/** The JSON Schema of site.json (docs/site-archive.schema.json is this, written by `npm run archive-schema`). */
export function siteArchiveJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(siteArchiveSchema, { target: 'draft-2020-12', io: 'input' }),
    title: `Site archive site.json, version ${SITE_ARCHIVE_VERSION}`,
  };
}

/** How a restore treats a category, post, project or service whose slug the site already has (a testimonial: its name and quote). */
export const ARCHIVE_RESTORE_MODES = IMPORT_CONFLICT_MODES;
export type ArchiveRestoreMode = (typeof ARCHIVE_RESTORE_MODES)[number];

const restoreCountsSchema = z.object({
  categories: z.number().int(),
  posts: z.number().int(),
  projects: z.number().int(),
  services: z.number().int(),
  testimonials: z.number().int(),
  slug_history: z.number().int(),
  comments: z.number().int(),
  redirects: z.number().int(),
  about: z.number().int(),
  general_info: z.number().int(),
  contact_messages: z.number().int(),
  subscribers: z.number().int(),
  suppressions: z.number().int(),
  uploads: z.number().int(),
});
export type ArchiveRestoreCounts = z.infer<typeof restoreCountsSchema>;
export const ARCHIVE_RESTORE_KINDS = restoreCountsSchema.keyof().options;
export type ArchiveRestoreKind = (typeof ARCHIVE_RESTORE_KINDS)[number];

/**
 * What a restore did (or, for a dry run, would do): counts by kind; each category, post, project, service and testimonial by its
 * slug in the archive with what happened to it (`restored_as`: the free slug `keep_both`, or a slug that is now a route of the site, gave it);
 * each upload skipped because the site has one of that name; what failed and why.
 */
export const archiveRestoreReportSchema = z.object({
  mode: z.enum(ARCHIVE_RESTORE_MODES),
  dry_run: z.boolean(),
  created: restoreCountsSchema,
  skipped: restoreCountsSchema,
  overwritten: restoreCountsSchema,
  items: z.array(
    z.object({
      kind: z.enum(['category', 'post', 'project', 'service', 'testimonial']),
      /** Its slug in the archive (a testimonial, which has none: the person's name). */
      slug: z.string(),
      action: z.enum(['create', 'skip', 'overwrite', 'keep_both', 'fail']),
      restored_as: z.string().optional(),
    }),
  ),
  skipped_uploads: z.array(z.string()),
  failed: z.array(z.object({ item: z.string(), reason: z.string() })),
  warnings: z.array(z.string()),
});
export type ArchiveRestoreReport = z.infer<typeof archiveRestoreReportSchema>;
export type ArchiveRestoreItem = ArchiveRestoreReport['items'][number];
