import { z } from 'zod';
import { booleanField, idSchema } from './params.schema';
import { textInput } from './text.schema';

/** What an import reads: a WordPress export (WXR), a Ghost JSON export, or this site's own archive. */
export const IMPORT_SOURCES = ['wxr', 'ghost', 'archive'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];
/** States an import no longer leaves. */
export const FINISHED_IMPORT_STATES: readonly ImportState[] = ['done', 'failed', 'cancelled'];

/** What happens to an item whose slug is taken by something already on the site. */
export const IMPORT_CONFLICT_MODES = ['skip', 'overwrite', 'keep_both'] as const;
export type ImportConflictMode = (typeof IMPORT_CONFLICT_MODES)[number];

/** The multipart fields of `POST /api/imports`. */
export const IMPORT_FILE_FIELD = 'file';
export const IMPORT_IMAGES_FIELD = 'images';
/** The largest export file (a WordPress export of a large blog runs to a few hundred MB). */
export const IMPORT_MAX_BYTES = 512 * 1024 * 1024;
/** The largest images zip (`wp-content/uploads`, Ghost's `content/images`). */
export const IMPORT_IMAGES_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** The category WordPress and Ghost pages go to unless the owner names another. */
export const DEFAULT_PAGES_CATEGORY = 'Pages';

/** The fields of `POST /api/imports` beside its files (tRPC `imports.start` takes them in its FormData). */
export const importStartSchema = z.object({
  source: z.enum(IMPORT_SOURCES, { error: 'source must be wxr, ghost or archive' }),
  dry_run: booleanField('dry_run').default(true),
  on_conflict: z
    .enum(IMPORT_CONFLICT_MODES, { error: 'on_conflict must be skip, overwrite or keep_both' })
    .default('skip'),
  pages_category: textInput({ error: 'pages_category must be text' })
    .trim()
    .min(1, { error: 'pages_category must not be empty' })
    .max(100, { error: 'pages_category must be at most 100 characters' })
    .default(DEFAULT_PAGES_CATEGORY),
});
export type ImportStart = z.output<typeof importStartSchema>;
/** What the job needs besides the files: stored with the import. */
export type ImportOptions = Pick<ImportStart, 'on_conflict' | 'pages_category'>;

const reportEntrySchema = z.object({ item: z.string(), reason: z.string() });
const countsSchema = z.object({
  categories: z.number().int(),
  posts: z.number().int(),
  /** Absent from the reports of imports made before the portfolio. */
  projects: z.number().int().default(0),
  testimonials: z.number().int().default(0),
  /** Readers' comments of the imported posts; absent from the reports of imports made before comments. */
  comments: z.number().int().default(0),
  images: z.number().int(),
  redirects: z.number().int(),
});
export type ImportCounts = z.infer<typeof countsSchema>;

/**
 * What an import did (or, in a dry run, would do): counts of what was created, skipped as already
 * there and overwritten; each item that failed and why; each image that could not be had, by URL;
 * and what the source had that cannot be carried over (an unknown shortcode, a members-only post).
 */
export const importReportSchema = z.object({
  created: countsSchema,
  skipped: countsSchema,
  overwritten: countsSchema,
  failed: z.array(reportEntrySchema),
  missing_images: z.array(z.object({ url: z.string(), reason: z.string() })),
  warnings: z.array(reportEntrySchema),
  authors: z.array(z.string()),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** An import as `GET /api/imports/{id}` and tRPC `imports.byId` answer it. */
export const importSchema = z.object({
  id: z.number().int(),
  source: z.enum(IMPORT_SOURCES),
  dry_run: z.boolean(),
  on_conflict: z.enum(IMPORT_CONFLICT_MODES),
  pages_category: z.string(),
  file_name: z.string(),
  images_file_name: z.string().nullable(),
  state: z.enum(IMPORT_STATES),
  progress: z.object({
    done: z.number().int(),
    total: z.number().int(),
    current_item: z.string(),
    images_fetched: z.number().int(),
  }),
  report: importReportSchema.nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type Import = z.infer<typeof importSchema>;

/** `POST /api/imports` answers 202 with the new import's id. */
export const importStartedSchema = z.object({ id: z.number().int() });
export type ImportStarted = z.infer<typeof importStartedSchema>;

/** tRPC `imports.start`: a FormData with `file`, optional `images`, and the fields of `importStartSchema`. */
export const importStartFormSchema = z.custom<FormData>(
  (value) => typeof FormData !== 'undefined' && value instanceof FormData,
  { error: `Send the export as multipart form data in the field "${IMPORT_FILE_FIELD}"` },
);

export const importIdSchema = z.object({ id: idSchema });

/** The REST path of the imports, which the admin's upload (XMLHttpRequest, for its progress) posts to. */
export const IMPORTS_PATH = '/api/imports';
