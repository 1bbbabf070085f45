import { POST_STATUS } from '@blog/contracts';

/** Whether the post `alias` is out of the trash: every read but the Trash screen's wants only these. */
export const livePostSql = (alias = 'post') => `${alias}.deleted_at IS NULL`;

/**
 * Whether the public may read the post `alias`: out of the trash, shown (`status` 0) and published, its
 * publication time passed on PostgreSQL's clock. The one rule every public read, the sitemap and the feed
 * use; deciding it in the database makes a scheduled post appear at the same moment on every instance.
 */
export const visiblePostSql = (alias = 'post') => `(${publishedNowSql(alias)} AND ${livePostSql(alias)})`;

/**
 * Whether the record `alias` (a post, a project) is shown (`status` 0) and published, its publication time
 * passed on PostgreSQL's clock: the publication half of `visiblePostSql`, which projects share.
 */
export const publishedNowSql = (alias: string) =>
  `(${alias}.status = ${POST_STATUS.visible} AND ${alias}.published_at <= now())`;

/** Whether the project `alias` is out of the trash: every read but the Trash screen's wants only these. */
export const liveProjectSql = (alias = 'project') => `${alias}.deleted_at IS NULL`;

/** Whether the public may read the project `alias`: out of the trash, shown and published (`publishedNowSql`). */
export const visibleProjectSql = (alias = 'project') => `(${publishedNowSql(alias)} AND ${liveProjectSql(alias)})`;

/**
 * The `published_at` column for `publishedAtInputSchema`'s value, on PostgreSQL's clock: `'now'`
 * publishes now, but keeps the moment of a record already published (saving it again does not re-date it).
 */
export function publishedAtColumn(value: string | null): Date | null | (() => string) {
  if (value === null) return null;
  if (value === 'now') return () => 'CASE WHEN published_at <= now() THEN published_at ELSE now() END';
  return new Date(value);
}
