import { z } from 'zod';
import { idSchema } from './params.schema';

/**
 * Every post, About record, general-info record, category, service and testimonial has a version: 1 when created, bumped by
 * PostgreSQL on each write. A save names the version it started from; when the record has
 * moved on since, nothing is written and the caller gets the current record back (REST 412, tRPC CONFLICT).
 */
export const versionSchema = z
  .number({ error: 'version must be a whole number' })
  .int({ error: 'version must be a whole number' })
  .positive({ error: 'version must be at least 1' })
  .max(2_147_483_647, { error: 'version is too large' });

/** What a tRPC `update` takes beside its fields: the version the form started from (left out: overwrite, as REST without `If-Match`). */
export const versionInputShape = { version: versionSchema.optional() };

/** The strong `ETag` of a record at a version (`GET /api/posts/{id}` and the other single-record reads). */
export function etagOf(version: number): string {
  return `"v${version}"`;
}

/**
 * The version an `If-Match` header asks for: `undefined` when there is no header (overwrite),
 * `'*'` for any version, `null` when the header names no version of ours (a 412: it cannot match).
 */
export function versionOfIfMatch(header: string | undefined): number | '*' | undefined | null {
  if (header === undefined) return undefined;
  const tags = header.split(',').map((tag) => tag.trim());
  if (tags.includes('*')) return '*';
  // One tag is what a client of ours sends; with several, the first of ours.
  for (const tag of tags) {
    const match = /^"v([1-9]\d{0,9})"$/.exec(tag);
    if (match && Number(match[1]) <= 2_147_483_647) return Number(match[1]);
  }
  return null;
}

/** Through which door a version was written. */
export const REVISION_DOORS = ['rest', 'trpc', 'import', 'restore'] as const;
export type RevisionDoor = (typeof REVISION_DOORS)[number];

/** Who wrote a version, and from which signed-in session (the browser and system it named, e.g. "Firefox on Android"). */
export const changeAuthorSchema = z.object({
  at: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  via: z.enum(REVISION_DOORS),
  /** A short description of the session's device, or null (a script, an import, an unknown agent). */
  session: z.string().nullable(),
});
export type ChangeAuthor = z.infer<typeof changeAuthorSchema>;

/**
 * The body of a refused save (REST 412 next to `statusCode`/`error`/`message`; tRPC CONFLICT in `data.conflict`):
 * the record as it is now (the shape its single-record read answers) and who last changed it.
 */
export const versionConflictSchema = <Record extends z.ZodType>(record: Record) =>
  z.object({ current: record, changed: changeAuthorSchema });
export interface VersionConflict<Record> {
  current: Record;
  changed: ChangeAuthor;
}

/** The records that keep revisions. */
export const REVISION_RECORDS = ['post', 'about', 'project'] as const;
export type RevisionRecord = (typeof REVISION_RECORDS)[number];

/** The About record's fields as a revision keeps them. */
export const aboutRevisionFieldsSchema = z.object({ content: z.string() });
export type AboutRevisionFields = z.infer<typeof aboutRevisionFieldsSchema>;

/**
 * A row of the History panel (`GET /api/posts/{id}/revisions`, `GET /api/about/{id}/revisions`, tRPC
 * `revisions.list`), newest first: a version the record had, replaced at `replaced_at`. Admin-only.
 */
export const revisionSummarySchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  /** Who wrote this version, when and through which door. */
  saved: changeAuthorSchema,
  /** When a later save replaced it. */
  replaced_at: z.string(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

/** One revision with its fields (`GET /api/about/{id}/revisions/{revisionId}`, tRPC `revisions.get`); a post's: `postRevisionSchema`. */
export const aboutRevisionSchema = revisionSummarySchema.extend({ fields: aboutRevisionFieldsSchema });
export type AboutRevision = z.infer<typeof aboutRevisionSchema>;

/** tRPC `revisions.list`: the record whose history is read. */
export const revisionsListInputSchema = z.object({ record: z.enum(REVISION_RECORDS), id: idSchema });
/** tRPC `revisions.get`: one revision of that record. */
export const revisionGetInputSchema = revisionsListInputSchema.extend({ revision_id: idSchema });
