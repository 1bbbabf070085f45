import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Jest loads its global setup outside its module resolver, so the path aliases are not available here.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startDatabase, type DatabaseServer } from '../../../data/src/lib/database-server';

declare global {
  var testDatabaseServer: DatabaseServer | undefined;
}

/**
 * API test suites share one PostgreSQL server: `DATABASE_URL` when given (as `npm test` does),
 * otherwise an embedded one started here for this Jest run.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env['DATABASE_URL']) return;
  const server = await startDatabase({
    dataDir: mkdtempSync(join(tmpdir(), 'blog-test-pg-')),
    ephemeral: true,
  });
  process.env['DATABASE_URL'] = server.url;
  globalThis.testDatabaseServer = server;
}
