import { RequestMethod, type INestApplication } from '@nestjs/common';
import type { CorsOptionsCallback } from '@nestjs/common/interfaces/external/cors-options.interface';
import { Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AnyTRPCRouter } from '@trpc/server';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { SITE_FEED_PATHS, SITEMAP_FILE_PATHS } from '@blog/contracts';
import { APP_CONFIG, type AppConfig, accessLog, requestLogContext, ROOT_LOGGER } from '@blog/api/core';
import { authenticateApiTokens, installSessions, isApiPath, TokenScopeGuard } from '@blog/api/security';
import { refuseCrossSiteWrites } from './cross-site.middleware';
import { HttpExceptionFilter } from './http-exception.filter';
import { indexNowKeyFile } from './indexnow-key-file';
import { mountTrpcRouter } from './mount-trpc-router';

/**
 * The largest JSON body: a post's HTML (up to a million characters, images embedded as data URLs
 * included) with room to spare. Nest's own default (100 kB) would refuse long posts.
 */
export const JSON_BODY_LIMIT = '8mb';

/** The REST routes' prefix, and the GET routes left at the site root (the feeds), for the OpenAPI document too. */
export const REST_PREFIX = 'api';
export const ROOT_GET_PATHS: readonly string[] = [
  ...Object.values(SITE_FEED_PATHS),
  ...Object.values(SITEMAP_FILE_PATHS),
];

/**
 * CORS, closed unless `CORS_ORIGINS` names origins: only those get answers (and preflights) they may
 * read, on `/api` and `/trpc` only, without credentials (a script sends its API token itself; a
 * session cookie must never ride along from another site).
 */
function allowNamedOrigins(app: INestApplication, origins: readonly string[]): void {
  if (origins.length === 0) return;
  app.enableCors((req: Request, callback: CorsOptionsCallback) => {
    const origin = req.headers.origin;
    const allowed = origin !== undefined && origins.includes(origin) && isApiPath(req.path);
    callback(
      null,
      allowed
        ? {
            origin,
            credentials: false,
            methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
            allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'If-Match', 'If-None-Match'],
            exposedHeaders: ['ETag', 'Link', 'Location', 'Retry-After', 'WWW-Authenticate', 'X-Total-Count'],
            maxAge: 600,
          }
        : { origin: false },
    );
  });
}

/**
 * The HTTP settings shared by the server and the API tests, in the order requests meet them:
 * the access log (and request id), CORS, the cross-site write check, sessions, API tokens, tRPC at `/trpc` (it reads
 * its own bodies), then the REST body parsers, the `/api` prefix (but for the feeds at the site root:
 * `/robots.txt`, `/sitemap.xml`, `/rss.xml`) and the error filter.
 */
export function configureHttpApp(app: INestApplication, trpcRouter?: AnyTRPCRouter): void {
  const config = app.get<AppConfig>(APP_CONFIG);
  const express = app as NestExpressApplication;
  // `req.ip` and `req.protocol` (so the Secure cookie) from `X-Forwarded-*` only through trusted proxies.
  express.set('trust proxy', config.trustProxy);
  const logger = app.get<Logger>(ROOT_LOGGER);
  app.use(accessLog(logger), requestLogContext(logger));
  allowNamedOrigins(app, config.corsOrigins);
  // At the site root, outside `/api` (the server mounts it again before the public pages, which come first there).
  app.use(indexNowKeyFile(config));
  app.use(refuseCrossSiteWrites(config.siteUrl));
  const dataSource = app.get(DataSource);
  installSessions(app, config, dataSource);
  app.use(authenticateApiTokens(dataSource));
  if (trpcRouter) mountTrpcRouter(app, trpcRouter);
  express.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  express.useBodyParser('urlencoded', { limit: JSON_BODY_LIMIT, extended: true });
  app.setGlobalPrefix(REST_PREFIX, {
    exclude: ROOT_GET_PATHS.map((path) => ({
      path,
      method: RequestMethod.GET,
    })),
  });
  app.useGlobalFilters(new HttpExceptionFilter());
  app.useGlobalGuards(new TokenScopeGuard(app.get(Reflector)));
}
