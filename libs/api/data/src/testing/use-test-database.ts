/// <reference types="jest" />
// Registers Jest hooks: for specs only, like the rest of this entry point.
import { createTestDatabase, type TestDatabase } from './test-database';

/** A database of its own, migrated: slow on a loaded machine. */
const SETUP_TIMEOUT_MS = 60_000;

/**
 * The set-up of a spec that needs only a database: `beforeAll` makes one of its own (migrated) and
 * `afterAll` drops it. Answers it at once, for the spec's hooks and tests: its `url` and `dataSource` are
 * the real database's from that `beforeAll` on.
 */
export function useTestDatabase(): TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await database?.drop();
  });
  const made = () => {
    if (!database) throw new Error('useTestDatabase: the database was read before its beforeAll ran');
    return database;
  };
  return {
    get url() {
      return made().url;
    },
    get dataSource() {
      return made().dataSource;
    },
    drop: () => made().drop(),
  };
}
