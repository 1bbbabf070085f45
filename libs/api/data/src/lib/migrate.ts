import type { DataSource } from 'typeorm';

/**
 * The advisory lock that serialises migrations. Any constant works, as long as nothing else in the
 * database takes it (the seed has its own, `SEED_LOCK_ID`); advisory locks are per database.
 */
export const MIGRATION_LOCK_ID = 7_420_000;

/**
 * Brings the schema up to date, one instance at a time: on a dedicated connection, waits for the
 * migration lock, runs the pending migrations (on other connections of the pool), then lets go.
 * An instance that waited finds nothing left to do. PostgreSQL releases the lock by itself if the
 * holder's connection dies.
 */
export async function migrateUnderLock(dataSource: DataSource): Promise<void> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await dataSource.runMigrations();
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await lock.release();
  }
}

/** The names of the migrations this code knows that the database has not applied (one query). */
export async function pendingMigrations(dataSource: DataSource): Promise<string[]> {
  const table = dataSource.driver.escape(dataSource.options.migrationsTableName ?? 'migrations');
  const rows = (await dataSource.query(`SELECT name FROM ${table}`)) as Array<{ name: string }>;
  const applied = new Set(rows.map((row) => row.name));
  return dataSource.migrations
    .map((migration) => migration.name ?? migration.constructor.name)
    .filter((name) => !applied.has(name));
}
