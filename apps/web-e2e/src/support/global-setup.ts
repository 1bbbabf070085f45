import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workspaceRoot } from '@nx/devkit';
import { Client } from 'pg';
import { E2E_ADMIN, E2E_BASE_URL, E2E_PORT } from './server';

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
 * otherwise the server's own embedded PostgreSQL) and stops it after the run.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'blog-e2e-'));
  const database = process.env['DATABASE_URL'] ? await createDatabase(process.env['DATABASE_URL']) : null;
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
      DATABASE_URL: database?.url ?? '',
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
    await database?.drop();
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
