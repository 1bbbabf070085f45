import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Client, Pool } from 'pg';
import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable';
import { asDomainError, DomainError } from './domain-error';

/** A TCP server on 127.0.0.1 that does `onConnection` with every connection (never speaking PostgreSQL). */
async function fakeServer(
  onConnection: (socket: Socket) => void,
): Promise<{ port: number; server: Server; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server, sockets };
}

async function stop({ server, sockets }: { server: Server; sockets: Socket[] }): Promise<void> {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
}

/** A port nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const fake = await fakeServer(() => undefined);
  await stop(fake);
  return fake.port;
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

const pgError = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises the errors pg raises when the server refuses, drops or never answers the connection', async () => {
    const refused = await failureOf(new Client({ host: '127.0.0.1', port: await closedPort() }).connect());
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);

    const dropping = await fakeServer((socket) => socket.destroy());
    const dropped = await failureOf(new Client({ host: '127.0.0.1', port: dropping.port }).connect());
    await stop(dropping);
    expect(isDatabaseUnavailable(dropped)).toBe(true);

    const silent = await fakeServer(() => undefined);
    const pool = new Pool({ host: '127.0.0.1', port: silent.port, connectionTimeoutMillis: 200 });
    const timedOut = await failureOf(pool.query('SELECT 1'));
    await pool.end().catch(() => undefined);
    await stop(silent);
    expect((timedOut as Error).message).toMatch(/timeout/);
    expect(isDatabaseUnavailable(timedOut)).toBe(true);
  });

  it('recognises the SQLSTATEs of a server that cannot serve now, also inside TypeORM’s QueryFailedError', () => {
    for (const code of ['08006', '08001', '08P01', '57P01', '57P02', '57P03', '53300']) {
      expect(isDatabaseUnavailable(pgError(code))).toBe(true);
      expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], pgError(code)))).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('query failed', { cause: pgError('ECONNRESET') }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('leaves failed queries and other errors alone', () => {
    for (const error of [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('42601', 'syntax error'),
      pgError('22P05', 'unsupported Unicode escape sequence'),
      new QueryFailedError('SELECT', [], pgError('22021')),
      new Error('boom'),
      { code: 8006 },
      null,
      undefined,
      'ECONNREFUSED',
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});

describe('asDomainError', () => {
  it('turns an outage into SERVICE_UNAVAILABLE with Retry-After, keeps a DomainError, ignores the rest', () => {
    const outage = asDomainError(pgError('57P01', 'terminating connection due to administrator command'));
    expect(outage).toMatchObject({ code: 'SERVICE_UNAVAILABLE', headers: { 'Retry-After': '5' } });
    expect(outage?.message).not.toMatch(/administrator|terminating/);

    const notFound = DomainError.notFound('Post');
    expect(asDomainError(notFound)).toBe(notFound);
    expect(asDomainError(new Error('boom'))).toBeUndefined();
  });
});
