import { DataSource, type DataSourceOptions } from 'typeorm';
import { entities } from './entities';
import { migrateUnderLock } from './migrate';
import { migrations } from './migrations';
import { QueryLogger } from './query-logger';

/**
 * How long a query waits for a new connection before failing: while the database is down, requests
 * answer 503 within this time instead of hanging (see `isDatabaseUnavailable` in api/core).
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;

/**
 * TypeORM options for the app and the tests: schema only through migrations, never `synchronize`.
 * Migrations are not run by `initialize()` but by `migrateUnderLock`, so that instances starting
 * together apply them once.
 */
export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logger: new QueryLogger(),
    connectTimeoutMS: DATABASE_CONNECT_TIMEOUT_MS,
    // The posts are read from memory or SSD, where a random read costs about as much as a sequential
    // one (PostgreSQL's documentation suggests 1.1 for such storage). With the default of 4 the
    // planner reads every post rather than the search indexes, several times slower at 10 000 posts.
    extra: { options: '-c random_page_cost=1.1' },
  };
}

/** Opens a data source and brings its schema up to date (under the migration lock). */
export async function openDataSource(url: string): Promise<DataSource> {
  return initializeAndMigrate(new DataSource(dataSourceOptions(url)));
}

/** Connects `dataSource` and runs the pending migrations under the migration lock. */
export async function initializeAndMigrate(dataSource: DataSource): Promise<DataSource> {
  await dataSource.initialize();
  try {
    await migrateUnderLock(dataSource);
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    throw error;
  }
  return dataSource;
}
