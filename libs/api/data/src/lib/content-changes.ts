/**
 * PostgreSQL notifies this channel, with the table's name as payload, after every statement that
 * changes what the public pages show (migration `ContentChanges1764300000000`). Every app instance
 * listens to it to drop the rendered pages it caches: instances share nothing but the database.
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
