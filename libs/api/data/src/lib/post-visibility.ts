import { POST_STATUS } from '@blog/contracts';

/** Whether the post `alias` is out of the trash: every read but the Trash screen's wants only these. */
export const livePostSql = (alias = 'post') => `${alias}.deleted_at IS NULL`;

/**
 * Whether the public may read the post `alias`: out of the trash, shown (`status` 0) and published, its
 * publication time passed on PostgreSQL's clock. The one rule every public read, the sitemap and the feed
 * use; deciding it in the database makes a scheduled post appear at the same moment on every instance.
 */
export const visiblePostSql = (alias = 'post') =>
  `(${alias}.status = ${POST_STATUS.visible} AND ${alias}.published_at <= now() AND ${livePostSql(alias)})`;
