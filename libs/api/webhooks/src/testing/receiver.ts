import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; event: string; created_at: string; data: Record<string, unknown> } & Record<string, unknown>;
}

export interface Receiver {
  /** `http://127.0.0.1:{port}` and the path. */
  url: string;
  received: Received[];
  /** The statuses of the next answers, in order (200 once they are used up). */
  answers: number[];
  close(): Promise<void>;
}

/** A webhook (or IndexNow) receiver on 127.0.0.1 for one test: keeps every request, answers `answers` then 200. */
export async function startReceiver(path = '/hook'): Promise<Receiver> {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Received['json'];
      try {
        json = JSON.parse(body);
      } catch {
        json = {} as Received['json'];
      }
      received.push({ path: req.url ?? '', headers: req.headers, body, json });
      res.statusCode = answers.shift() ?? 200;
      res.end(res.statusCode === 200 ? 'ok' : 'try later');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
