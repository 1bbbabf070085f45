import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
// Specs only: the shared test harness builds on this library, hence the dependency the layering rule would refuse.
import { createEmptyTestDatabase, eventually, type EmptyTestDatabase } from '../testing';
import { openDataSource } from './data-source';
import { ADVISORY_LOCKS } from './advisory-locks';
import { pendingMigrations } from './migrate';
import { migrations } from './migrations';

const MIGRATION_NAMES = migrations.map((migration) => migration.name);

describe('migrations under the advisory lock', () => {
  let database: EmptyTestDatabase;
  const opened: DataSource[] = [];
  // TypeORM logs a failed query (`QueryLogger`): a race on the migrations would show here.
  let failedQueries: jest.SpyInstance;

  beforeEach(async () => {
    database = await createEmptyTestDatabase();
    failedQueries = jest.spyOn(Logger.prototype, 'error');
  });

  afterEach(async () => {
    failedQueries.mockRestore();
    await Promise.all(opened.splice(0).map((dataSource) => dataSource.destroy()));
    await database?.drop();
  });

  const open = async () => {
    const dataSource = await openDataSource(database.url);
    opened.push(dataSource);
    return dataSource;
  };

  it('applies every migration once when three instances start together on an empty database', async () => {
    const [first, second, third] = await Promise.all([open(), open(), open()]);

    const rows = (await first.query('SELECT name FROM migrations ORDER BY id')) as Array<{ name: string }>;
    expect(rows.map((row) => row.name)).toEqual(MIGRATION_NAMES);
    expect(failedQueries).not.toHaveBeenCalled();
    for (const dataSource of [first, second, third]) expect(await pendingMigrations(dataSource)).toEqual([]);
    // Nobody holds the lock any more.
    const [locks] = await first.query(`SELECT count(*)::int AS n FROM pg_locks
       WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
    expect(locks.n).toBe(0);
  });

  it('waits for the instance holding the lock, then finds nothing left to do', async () => {
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
      let done = false;
      const opening = open().then((dataSource) => {
        done = true;
        return dataSource;
      });
      // The new instance is queued behind the holder's lock, and has not migrated anything.
      await eventually(async () => {
        const [waiting] = (
          await holder.query(
            `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
            [ADVISORY_LOCKS.migrations],
          )
        ).rows;
        expect(waiting.n).toBe(1);
      });
      expect(done).toBe(false);
      const [table] = (await holder.query(`SELECT to_regclass('migrations') AS name`)).rows;
      expect(table.name).toBeNull();

      await holder.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]);
      const dataSource = await opening;
      expect(await pendingMigrations(dataSource)).toEqual([]);
    } finally {
      await holder.end();
    }
  });

  it('names the migrations the database has not applied', async () => {
    const dataSource = await open();
    await dataSource.query('DELETE FROM migrations WHERE name = $1', [MIGRATION_NAMES.at(-1)]);
    expect(await pendingMigrations(dataSource)).toEqual([MIGRATION_NAMES.at(-1)]);
  });
});
