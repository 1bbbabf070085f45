import type { INestApplication } from '@nestjs/common';
import type { AnyTRPCRouter } from '@trpc/server';
import type { RequestHandler } from 'express';
import { UPLOAD_MAX_BYTES } from '@blog/contracts';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import type { TrpcContext } from './trpc';
import { logUnexpectedError } from '@blog/api/core';

export const TRPC_PATH = '/trpc';
/** tRPC reads its own request bodies: the same cap as the REST parsers (8 MB). */
const TRPC_MAX_BODY_BYTES = 8 * 1024 * 1024;
/**
 * `uploads.image` takes a photo of up to `UPLOAD_MAX_BYTES` (plus the multipart envelope), so that
 * its own 413 naming the field answers, and `uploads.audio` a clip (its own, lower limit answers
 * the same way); no other procedure reads more than the cap above.
 */
const UPLOAD_PROCEDURE_PATHS = new Set(['/uploads.image', '/uploads.audio']);
const UPLOAD_MAX_BODY_BYTES = UPLOAD_MAX_BYTES + 1024 * 1024;

/** Serves a tRPC router at `/trpc` on the Nest app's Express instance, with the request in the context. */
export function mountTrpcRouter(app: INestApplication, router: AnyTRPCRouter): void {
  const middleware = (maxBodySize: number): RequestHandler =>
    createExpressMiddleware({
      router,
      maxBodySize,
      // tRPC answers a request it refuses before any call (an unsupported content type, a body it
      // cannot read) with a JSON body but no content type; every answer but a stream is JSON.
      responseMeta: ({ eagerGeneration }) =>
        eagerGeneration ? {} : { headers: { 'content-type': 'application/json' } },
      createContext: ({ req, res }): TrpcContext => ({ req, res }),
      // The client is told only `UNEXPECTED_ERROR_MESSAGE` (the error formatter): the log gets it all.
      onError: ({ error, path, req }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          logUnexpectedError(req, error.cause ?? error, `tRPC ${path ?? '(unknown procedure)'}`);
      },
    });
  const general = middleware(TRPC_MAX_BODY_BYTES);
  const upload = middleware(UPLOAD_MAX_BODY_BYTES);
  const byProcedure: RequestHandler = (req, res, next) =>
    (UPLOAD_PROCEDURE_PATHS.has(req.path) ? upload : general)(req, res, next);
  app.use(TRPC_PATH, byProcedure);
}
