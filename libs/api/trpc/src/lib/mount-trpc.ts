import type { INestApplication } from '@nestjs/common';
import { mountTrpcRouter } from '@blog/api/core';
import { AppRouterFactory } from './app-router';

/** Serves the app router at `/trpc`. */
export function mountTrpc(app: INestApplication): void {
  mountTrpcRouter(app, app.get(AppRouterFactory).create());
}
