import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { freePort } from '../lib/database-server';

const run = promisify(execFile);

/** The user a root process runs the server as: PostgreSQL refuses root, and the Debian package creates this one. */
const SERVER_USER = 'postgres';
const SUPERUSER = 'blog';

export interface SystemPostgres {
  /** Runs one of the server's own client programs and answers what it wrote (give them a database's URL). */
  client(program: 'pg_dump' | 'pg_restore' | 'psql', args: string[]): Promise<string>;
  /** Creates an empty database and answers its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server and deletes its files. */
  stop(): Promise<void>;
}

/**
 * The programs of the PostgreSQL installed from the system's packages (Debian's `postgresql`, in
 * `/usr/lib/postgresql/{major}/bin`, the newest first), else where `pg_config` says.
 */
async function systemBinDir(): Promise<string> {
  const debian = '/usr/lib/postgresql';
  const majors = existsSync(debian)
    ? readdirSync(debian)
        .filter((major) => existsSync(join(debian, major, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors.length > 0) return join(debian, majors[0], 'bin');
  const bindir = await run('pg_config', ['--bindir']).then(
    ({ stdout }) => stdout.trim(),
    () => '',
  );
  if (bindir && existsSync(join(bindir, 'initdb'))) return bindir;
  throw new Error(
    'No PostgreSQL server programs (initdb, pg_dump) found in /usr/lib/postgresql/*/bin or `pg_config --bindir`: ' +
      'install them (Debian: `apt-get install postgresql`, as .ci/run does).',
  );
}

/**
 * A throw-away PostgreSQL server from the system's packages, for what the embedded one cannot do
 * (it ships no `pg_dump`): initialised in a temporary folder, listening on 127.0.0.1 only, with a
 * random password. Under root the server runs as the `postgres` user.
 */
export async function startSystemPostgres(): Promise<SystemPostgres> {
  const binDir = await systemBinDir();
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'blog-system-pg-'));
  const dataDir = join(dir, 'data');
  const password = randomBytes(18).toString('base64url');
  const passwordFile = join(dir, 'password');
  writeFileSync(passwordFile, password);
  const server = async (program: string, args: string[]) => {
    const command = join(binDir, program);
    return asRoot ? run('runuser', ['-u', SERVER_USER, '--', command, ...args]) : run(command, args);
  };
  // The server's user makes its data folder here (`user:` is the user and its login group).
  if (asRoot) await run('chown', [`${SERVER_USER}:`, dir]);
  const port = await freePort();
  let started = false;
  const stop = async () => {
    try {
      if (started) await server('pg_ctl', ['stop', '--pgdata', dataDir, '--mode', 'fast', '--wait']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    await server('initdb', [
      '--pgdata',
      dataDir,
      '--username',
      SUPERUSER,
      '--pwfile',
      passwordFile,
      '--auth',
      'scram-sha-256',
      '--encoding',
      'UTF8',
      '--no-locale',
    ]);
    const settings = `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories= -c fsync=off -c full_page_writes=off`;
    await server('pg_ctl', ['start', '--pgdata', dataDir, '--log', join(dir, 'log'), '--wait', '-o', settings]);
    started = true;
  } catch (error) {
    await stop();
    throw error;
  }

  const urlOf = (database: string) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    client: async (program, args) => (await run(join(binDir, program), args, { maxBuffer: 256 * 1024 * 1024 })).stdout,
    createDatabase: async (name) => {
      const client = new Client({ connectionString: urlOf('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return urlOf(name);
    },
    stop,
  };
}
