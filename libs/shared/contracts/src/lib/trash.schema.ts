import { z } from 'zod';

/**
 * A post in the trash (`GET /api/trash/posts`, tRPC `trash.list`): what the Trash screen shows, newest
 * deleted first. `purge_at`: when it is deleted for good (`RETENTION.trashDays` after `deleted_at`).
 */
export const trashedPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  deleted_at: z.string(),
  purge_at: z.string(),
});
export type TrashedPost = z.infer<typeof trashedPostSchema>;

/**
 * A project in the trash (`GET /api/trash/projects`, tRPC `projects.trash.list`), as a trashed post without
 * a category.
 */
export const trashedProjectSchema = trashedPostSchema.omit({ category_id: true, category_name: true });
export type TrashedProject = z.infer<typeof trashedProjectSchema>;

/**
 * A post restored from the trash (`POST /api/trash/posts/{id}/restore`, tRPC `trash.restore`): the slug it
 * has now, its own or, when a post took that one meanwhile, a free one (`slug_changed`).
 */
export const restoredPostSchema = z.object({
  status: z.literal(200),
  id: z.number().int(),
  slug: z.string(),
  slug_changed: z.boolean(),
});
export type RestoredPost = z.infer<typeof restoredPostSchema>;
/** A project restored from the trash (`POST /api/trash/projects/{id}/restore`): the same answer as a post's. */
export const restoredProjectSchema = restoredPostSchema;

/** The trash emptied (`DELETE /api/trash/posts`, tRPC `trash.empty`): how many posts were deleted for good. */
export const trashEmptiedSchema = z.object({ status: z.literal(200), deleted: z.number().int() });
export type TrashEmptied = z.infer<typeof trashEmptiedSchema>;

/** Whole days, rounded up, until a trashed post is deleted for good (0 once due): the Trash screen's "days left". */
export function trashDaysLeft(purgeAt: string, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((new Date(purgeAt).getTime() - now.getTime()) / 86_400_000));
}
