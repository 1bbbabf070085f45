import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { openDataSource } from '../lib/data-source';

export interface TestDatabase {
  url: string;
  /** Migrated and open. */
  dataSource: DataSource;
  /** Closes the data source and drops the database. */
  drop(): Promise<void>;
}

function serverUrl(): string {
  const url = process.env['DATABASE_URL'];
  if (!url) {
    throw new Error(
      'DATABASE_URL is not set: run the API tests through Jest (its global setup starts a server) or `npm test`.',
    );
  }
  return url;
}

async function onServer<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface EmptyTestDatabase {
  url: string;
  /** Drops the database, closing whatever is still connected to it. */
  drop(): Promise<void>;
}

/** A new database with nothing in it (not even the migrations table) on the shared test server. */
export async function createEmptyTestDatabase(): Promise<EmptyTestDatabase> {
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      onServer((client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

/**
 * A new, empty, migrated database on the shared test server, so that test files running in
 * parallel never see each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const empty = await createEmptyTestDatabase();
  const dataSource = await openDataSource(empty.url);
  return {
    url: empty.url,
    dataSource,
    drop: async () => {
      await dataSource.destroy();
      await empty.drop();
    },
  };
}
