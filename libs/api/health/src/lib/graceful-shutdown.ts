import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { ReadinessService } from './readiness.service';

/** How long requests in flight may take to finish once shutdown begins; then their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;
/** How often connections that went idle are closed while the server drains. */
const IDLE_SWEEP_MS = 100;

/**
 * Stops `app` without dropping a request: `/api/ready` answers 503 at once, the server stops
 * accepting connections, the requests in flight finish (keep-alive connections are closed as soon
 * as they are idle; whatever is left after `graceMs` is cut), then the app closes its modules (the
 * database pool, the page-cache listener).
 */
export async function shutDownGracefully(app: INestApplication, graceMs = SHUTDOWN_GRACE_MS): Promise<void> {
  app.get(ReadinessService).beginShutdown();
  const server = app.getHttpServer() as Server;
  if (server.listening) {
    await new Promise<void>((resolve) => {
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
      server.close(() => {
        clearInterval(sweep);
        clearTimeout(deadline);
        resolve();
      });
    });
  }
  await app.close();
}
