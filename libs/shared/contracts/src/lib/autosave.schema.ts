import { z } from 'zod';
import { textInput } from './text.schema';

/**
 * Autosave: while the owner edits a post, a project or the About page, the form's unsaved values
 * go to an autosave slot of that user for that record, never over the saved record.
 */
export const AUTOSAVE = {
  /** The form's values are sent this long after they stop changing. */
  debounceMs: 3_000,
  /** An autosave not touched for this many days is purged (`AUTOSAVE_PURGE_SCHEDULE`). */
  keepDays: 30,
  /** The most a page-hide save sends with `fetch(..., {keepalive: true})` (browsers refuse more); above, the device keeps it. */
  keepaliveMaxBytes: 64 * 1024,
} as const;

/** Cron expression (site time zone) of the job that purges old autosaves: daily, beside the retention job. */
export const AUTOSAVE_PURGE_SCHEDULE = '40 3 * * *';

/**
 * The most characters the values' JSON may have: the post form's limits added up (content 1,000,000, short
 * content 100,000, the meta and other fields), with room for the field names. The About page's 1,000,000 fits.
 */
export const AUTOSAVE_VALUES_MAX_CHARS = 1_150_000;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ID = '[1-9][0-9]{0,9}';
/**
 * `post:<id>`, `post:new:<uuid>` (a new post, its uuid made in the browser), `about:<id>`, `project:<id>` or
 * `project:new:<uuid>` (a new project).
 */
export const AUTOSAVE_SLOT_PATTERN = new RegExp(
  `^(?:post:${ID}|post:new:${UUID}|about:${ID}|project:${ID}|project:new:${UUID})$`,
);
export const NEW_POST_SLOT_PREFIX = 'post:new:';
export const NEW_PROJECT_SLOT_PREFIX = 'project:new:';

export const autosaveSlotSchema = textInput({ error: 'slot must be text' }).regex(AUTOSAVE_SLOT_PATTERN, {
  error: 'slot must be post:<id>, post:new:<uuid>, about:<id>, project:<id> or project:new:<uuid>',
});
export type AutosaveSlot = z.infer<typeof autosaveSlotSchema>;

/** The slot of a saved post, of a new post (a fresh uuid), of the About record, of a saved or new project. */
export const autosaveSlotOf = {
  post: (id: number) => `post:${id}`,
  newPost: (uuid: string) => `${NEW_POST_SLOT_PREFIX}${uuid.toLowerCase()}`,
  about: (id: number) => `about:${id}`,
  project: (id: number) => `project:${id}`,
  newProject: (uuid: string) => `${NEW_PROJECT_SLOT_PREFIX}${uuid.toLowerCase()}`,
};

/** The form's values as JSON: field names to text, numbers, booleans or null (every form of the admin is flat). */
export const autosaveValuesSchema = z
  .record(
    textInput().max(100, { error: 'a field name must be at most 100 characters' }),
    z.union([textInput(), z.number(), z.boolean(), z.null()]),
  )
  .refine((values) => Object.keys(values).length <= 50, { error: 'values must have at most 50 fields' });
export type AutosaveValues = z.infer<typeof autosaveValuesSchema>;

/** The body of `PUT /api/autosaves/{slot}`: the values and the version of the record the form started from. */
export const autosaveInputSchema = z.object({
  values: autosaveValuesSchema,
  base_version: z
    .number({ error: 'base_version must be a whole number' })
    .int({ error: 'base_version must be a whole number' })
    .positive({ error: 'base_version must be at least 1' })
    .max(2_147_483_647, { error: 'base_version is too large' })
    .nullable()
    .default(null),
});
export type AutosaveInput = z.input<typeof autosaveInputSchema>;

/** tRPC `autosaves.save`: the slot beside the body of the PUT. */
export const autosaveSaveInputSchema = autosaveInputSchema.extend({ slot: autosaveSlotSchema });
/** tRPC `autosaves.get` and `autosaves.discard`. */
export const autosaveSlotInputSchema = z.object({ slot: autosaveSlotSchema });
/** The slot prefix of each list of new records never submitted (`GET /api/autosaves?kind=`). */
export const NEW_RECORD_SLOT_PREFIXES = { 'new-post': NEW_POST_SLOT_PREFIX, 'new-project': NEW_PROJECT_SLOT_PREFIX };
export type NewRecordKind = keyof typeof NEW_RECORD_SLOT_PREFIXES;
/** `GET /api/autosaves?kind=new-post` or `?kind=new-project`: the user's new posts or projects not yet submitted. */
export const autosavesQuerySchema = z.object({
  kind: z.enum(['new-post', 'new-project'] satisfies NewRecordKind[], {
    error: 'kind must be new-post or new-project',
  }),
});

/** An autosave as answered (`PUT`/`GET /api/autosaves/{slot}`, the list, tRPC). */
export const autosaveSchema = z.object({
  slot: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  base_version: z.number().int().nullable(),
  saved_at: z.string(),
});
export type Autosave = z.infer<typeof autosaveSchema>;

/** Whether an autosave should be offered: made after the record was last saved (a stale one, from before, is not). */
export function autosaveIsNewer(savedAt: string, recordUpdatedAt: string | undefined): boolean {
  return recordUpdatedAt === undefined || Date.parse(savedAt) > Date.parse(recordUpdatedAt);
}
