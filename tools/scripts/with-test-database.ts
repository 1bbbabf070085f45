/**
 * Runs a command with `DATABASE_URL` pointing at one PostgreSQL server shared by every test
 * suite of the run: the given `DATABASE_URL`, or an embedded server started here and stopped after.
 *
 *   node -r @swc-node/register tools/scripts/with-test-database.ts nx run-many -t test
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDatabase } from '../../libs/api/data/src/lib/database-server';

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command) throw new Error('usage: with-test-database <command> [args...]');
  const dataDir = mkdtempSync(join(tmpdir(), 'blog-test-pg-'));
  const server = await startDatabase({
    databaseUrl: process.env['DATABASE_URL'],
    dataDir,
    ephemeral: true,
    log: (message) => console.log(`[test database] ${message}`),
  });
  try {
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: server.url },
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    return await new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
