import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workspaceRoot } from '@nx/devkit';
import { Client } from 'pg';
import { startAppServer, type AppServer } from './app-server';
import { E2E_ADMIN, E2E_DATABASE_URL_ENV, E2E_IMAGE_HOST, E2E_PORT, E2E_WEBHOOK_HOST } from './server';

interface DatabaseServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A throw-away embedded PostgreSQL when no `DATABASE_URL` is given, started with the workspace's
 * own helper (the one `npm run with-test-database` uses), so that the tests always know the URL
 * of the database the server writes to.
 */
async function startEmbeddedServer(dataDir: string): Promise<DatabaseServer> {
  const helper = join(workspaceRoot, 'libs/api/data/src/lib/database-server.ts');
  const { startDatabase } = (await import(helper)) as {
    startDatabase(options: { dataDir: string; ephemeral: boolean }): Promise<DatabaseServer>;
  };
  return startDatabase({ dataDir, ephemeral: true });
}

/** Creates a new database on `serverUrl`'s server and answers its URL and a way to drop it. */
async function createDatabase(serverUrl: string) {
  const name = `e2e_${process.pid}_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
    await client.end();
  };
  return { url: url.toString(), drop };
}

/**
 * Starts the built server on a new, seeded database (on the `DATABASE_URL` server when given,
 * otherwise on an embedded PostgreSQL started here) and stops it after the run.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'blog-e2e-'));
  const embedded = process.env['DATABASE_URL'] ? null : await startEmbeddedServer(join(dataDir, 'test-postgres'));
  const database = await createDatabase(process.env['DATABASE_URL'] || (embedded as DatabaseServer).url);
  // The tests read what the site stored (a contact message) straight from PostgreSQL.
  process.env[E2E_DATABASE_URL_ENV] = database.url;
  const logDir = join(workspaceRoot, 'dist/.playwright/apps/web-e2e');
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(join(logDir, 'server.log'));

  let server: AppServer | undefined;
  const stop = async () => {
    await server?.stop();
    await database.drop();
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    server = await startAppServer({
      port: E2E_PORT,
      databaseUrl: database.url,
      dataDir,
      env: {
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        ADMIN_NAME: E2E_ADMIN.name,
        SEED_DEMO: 'true',
        IMAGE_IMPORT_ALLOWED_HOSTS: E2E_IMAGE_HOST,
        WEBHOOK_ALLOWED_HOSTS: E2E_WEBHOOK_HOST,
        // A test fills a comment form at once, faster than any person: only a missing or forged stamp is too fast.
        COMMENT_MIN_SECONDS_TO_SUBMIT: '0',
      },
      log,
    });
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; see ${join(logDir, 'server.log')}`);
  }
  return stop;
}
