import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workspaceRoot } from '@nx/devkit';
import { Client } from 'pg';
import { E2E_ADMIN, E2E_BASE_URL, E2E_DATABASE_URL_ENV, E2E_PORT } from './server';

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

async function waitUntilServing(server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${E2E_BASE_URL}/api/homeData`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer on ${E2E_BASE_URL} within ${timeoutMs} ms`);
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

  const server = spawn(process.execPath, [join(workspaceRoot, 'dist/apps/api/main.js')], {
    cwd: workspaceRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(E2E_PORT),
      SITE_URL: E2E_BASE_URL,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      // Production with a shared database signs sessions with a configured secret.
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_NAME: E2E_ADMIN.name,
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);

  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await database.drop();
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilServing(server, 60_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; see ${join(logDir, 'server.log')}`);
  }
  return stop;
}
