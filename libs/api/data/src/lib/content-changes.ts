/**
 * PostgreSQL notifies this channel, with the table's name as payload (a shown comment: its post,
 * `commentsOfPost`), after every statement that changes what the public pages show (migration
 * `ContentChanges1764300000000`). Every app instance listens to it to drop the rendered pages it
 * caches: instances share nothing but the database.
 */
export const CONTENT_CHANGED_CHANNEL = 'content_changed';

/**
 * The tables whose changes are announced. `redirects` is read by no page (the redirects are answered
 * before the page cache) but by every instance's map of them (`RedirectsService`).
 */
export const CONTENT_TABLES = [
  'posts',
  'categories',
  'about',
  'general_info',
  'slug_history',
  'redirects',
  'services',
  'testimonials',
  'projects',
  'project_services',
  'comments',
] as const;
export type ContentTable = (typeof CONTENT_TABLES)[number];

/**
 * A change to the shown comments of one post: `comments` announces which post it is (row triggers,
 * migration `CommentsOfPost1795860000010`), so that only the pages showing that post (its page, the
 * lists with its card and count) go stale, not every page that shows a thread.
 */
export type CommentsOfPost = `comments:${number}`;
export const commentsOfPost = (postId: number): CommentsOfPost => `comments:${postId}`;
/** A change to the shown comments of one project (migration `ProjectComments1795870000010`): its page alone goes stale. */
export type CommentsOfProject = `comments:project:${number}`;
export const commentsOfProject = (projectId: number): CommentsOfProject => `comments:project:${projectId}`;
/** What a page may depend on: a table, or the shown comments of one post or project. */
export type ContentChange = ContentTable | CommentsOfPost | CommentsOfProject;

/** Whether `value` (a notification's payload, a dependency read back) is a `ContentChange`. */
export function isContentChange(value: string): value is ContentChange {
  return CONTENT_TABLES.includes(value as ContentTable) || /^comments:(project:)?\d+$/.test(value);
}
