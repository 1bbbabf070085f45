import type { DataSource } from 'typeorm';
import { ADVISORY_LOCKS, underAdvisoryLock } from './advisory-locks';

/**
 * Brings the schema up to date, one instance at a time: waits for the migration lock, runs the
 * pending migrations, then lets go. An instance that waited finds nothing left to do.
 */
export async function migrateUnderLock(dataSource: DataSource): Promise<void> {
  await underAdvisoryLock(dataSource, ADVISORY_LOCKS.migrations, () => dataSource.runMigrations());
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
