import type { DataSource } from 'typeorm';

/**
 * The PostgreSQL advisory locks the site takes, one number each: advisory locks are per database and
 * share one space of keys, so two that took the same number would serialise each other's work.
 */
export const ADVISORY_LOCKS = {
  /** The migrations at start (`migrateUnderLock`). */
  migrations: 7_420_000,
  /** The seed of an empty database. */
  seed: 7_420_001,
  /** The changes that could leave the site without an administrator. */
  admins: 7_420_002,
  /** The import of `UPLOAD_DIR` at start. */
  uploadImport: 7_420_003,
  /** The job queue's set-up at start: pg-boss's queues, updated and scheduled. */
  jobQueues: 7_420_004,
} as const;

/**
 * Runs `work` while holding the advisory lock `key` (a session lock, on a dedicated connection of the
 * pool; `work` uses others), so that instances starting together do it one at a time: the next finds
 * it done. PostgreSQL releases the lock by itself if the holder's connection dies.
 */
export async function underAdvisoryLock<T>(dataSource: DataSource, key: number, work: () => Promise<T>): Promise<T> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [key]);
    try {
      return await work();
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [key]);
    }
  } finally {
    await lock.release();
  }
}
