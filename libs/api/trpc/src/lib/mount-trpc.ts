import type { INestApplication } from '@nestjs/common';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { AppRouterFactory } from './app-router';

export const TRPC_PATH = '/trpc';

/** Serves the app router at `/trpc` on the Nest app's Express instance. */
export function mountTrpc(app: INestApplication): void {
  app.use(
    TRPC_PATH,
    createExpressMiddleware({
      router: app.get(AppRouterFactory).create(),
      createContext: ({ req, res }) => ({ req, res }),
    }),
  );
}
