/**
 * How long the admin keeps what an owner might want back: revisions of posts and of the
 * About page, and trashed posts. One maintenance job applies these on `RETENTION_SCHEDULE`.
 */
export const RETENTION = {
  /** Every revision younger than this many days is kept. */
  revisionsKeepAllDays: 30,
  /** Older revisions: only the last one of each day (site time zone) is kept. */
  revisionsMaxPerRecord: 200,
  /** A trashed post is deleted forever after this many days. */
  trashDays: 30,
} as const;

/** Cron expression (site time zone) of the job that thins revisions and purges the trash: daily, after the 03:00 backup. */
export const RETENTION_SCHEDULE = '30 3 * * *';
