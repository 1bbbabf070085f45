import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * How the proxy treats connections: `up` passes them to the database; `down` drops them as soon as
 * they come (a server that is stopped or restarting); `silent` takes them and never answers (a
 * host that is out of reach).
 */
export type DatabaseProxyMode = 'up' | 'down' | 'silent';

export interface DatabaseProxy {
  /** The database's URL, through the proxy. */
  url: string;
  /** Drops every open connection, then treats new ones as `mode` says. */
  cut(mode?: Exclude<DatabaseProxyMode, 'up'>): void;
  /** Passes new connections to the database again. */
  restore(): void;
  /** Stops listening and drops every connection. */
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of the PostgreSQL server of `databaseUrl`, that a test can cut
 * and restore: a database outage without stopping the shared test server.
 */
export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const open = new Set<Socket>();
  let mode: DatabaseProxyMode = 'up';
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const server = createServer((client) => {
    track(client);
    if (mode === 'down') return void client.destroy();
    if (mode === 'silent') return void client.resume();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  const dropAll = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    url: url.toString(),
    cut: (next = 'down') => {
      mode = next;
      dropAll();
    },
    restore: () => {
      mode = 'up';
    },
    close: async () => {
      mode = 'down';
      const closed = new Promise((resolve) => server.close(resolve));
      dropAll();
      await closed;
    },
  };
}
