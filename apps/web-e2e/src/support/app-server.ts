import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';
import { join } from 'node:path';
import { workspaceRoot } from '@nx/devkit';

export interface AppServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export interface StartAppServerOptions {
  port: number;
  databaseUrl: string;
  dataDir: string;
  /** The same on every instance of one site (production signs sessions with it). */
  sessionSecret?: string;
  /** More configuration (`GTM_ID`, `ADMIN_EMAIL` …). */
  env?: Record<string, string>;
  log?: Writable;
  timeoutMs?: number;
}

/** Starts the production build (`dist/apps/api/main.js`) on 127.0.0.1 and waits until it answers. */
export async function startAppServer(options: StartAppServerOptions): Promise<AppServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const server = spawn(process.execPath, [join(workspaceRoot, 'dist/apps/api/main.js')], {
    cwd: workspaceRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      SITE_URL: baseUrl,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      // Production with a shared database signs sessions with a configured secret.
      SESSION_SECRET: options.sessionSecret ?? randomBytes(32).toString('hex'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (options.log) {
    server.stdout?.pipe(options.log);
    server.stderr?.pipe(options.log);
  }
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/homeData`)).ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The server did not answer on ${baseUrl} in time`);
}
