import { RequestMethod, type INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AnyTRPCRouter } from '@trpc/server';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { SITE_FEED_PATHS, SITEMAP_FILE_PATHS } from '@blog/contracts';
import { APP_CONFIG, type AppConfig } from './config';
import { refuseCrossSiteWrites } from './cross-site.middleware';
import { HttpExceptionFilter } from './http-exception.filter';
import { accessLog, requestLogContext, ROOT_LOGGER } from './logging';
import { mountTrpcRouter } from './mount-trpc-router';
import { installSessions } from './sessions';

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
 * The HTTP settings shared by the server and the API tests, in the order requests meet them:
 * the access log (and request id), the cross-site write check, sessions, tRPC at `/trpc` (it reads
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
  app.use(refuseCrossSiteWrites(config.siteUrl));
  installSessions(app, config, app.get(DataSource));
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
}
