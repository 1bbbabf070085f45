import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Logger, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { Logger as NestPinoLogger } from 'nestjs-pino';
import type { Logger as PinoLogger } from 'pino';
import { createRootLogger, requestIdOf, requestIds, type AppConfig } from '@blog/api/core';
import {
  configureHttpApp,
  createCallerFactory,
  htmlContentSecurityPolicy,
  indexNowKeyFile,
  NON_HTML_CSP_DIRECTIVES,
} from '@blog/api/http';
import { contactFormRoute, ContactService } from '@blog/api/contact';
import { subscribeFormRoute, SubscriptionsService } from '@blog/api/subscriptions';
import { commentFormRoute, CommentsService } from '@blog/api/comments';
import {
  cachedPagesFirst,
  createNoncePlaceholder,
  loadPageRenderer,
  PageCacheService,
  pageRendererBuild,
  publicPages,
  visitorPages,
  type OnPageView,
  type SendVisitorPage,
} from '@blog/api/pages';
import { clientAddressOf } from '@blog/api/security';
import { StatsRecorder } from '@blog/api/stats';
import { NotFoundLogService, redirectsMiddleware, RedirectsService } from '@blog/api/redirects';
import { AppRouterFactory, type AppRouter } from '@blog/api/trpc';
import { AppModule } from './app.module';
import { serveUploads, serveWebApp } from './static-files';

export interface CreateAppOptions {
  /** The built web app (`dist/apps/web`); not served when absent. */
  webDir?: string;
  /** The web's server entry (`dist/apps/web-server`) that renders the public pages; without it they render in the browser. */
  serverDir?: string;
  /** Nest's logger instead of pino's (`false`: none); pino still writes the access log. */
  logger?: LoggerService | false;
  /** The server's pino logger (`createRootLogger`); made from the configuration when absent. */
  rootLogger?: PinoLogger;
}

/** The headers a middleware sets on every response alike (helmet's): to send them where it does not run. */
export function headersSetBy(middleware: RequestHandler): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
    getHeader: (name: string) => headers[name],
  };
  middleware({ headers: {} } as Request, response as unknown as Response, () => undefined);
  return headers;
}

type AnswerFirst = (req: IncomingMessage, res: ServerResponse, passOn: () => void) => void;

/**
 * Puts `answer` in front of Express on the server's requests: a warm page then costs what Node
 * costs for it, not Express's and Nest's layers. Whatever it does not answer goes on.
 */
function answerCachedPagesFirst(server: Server, answer: AnswerFirst): void {
  const handlers = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) =>
    answer(req, res, () => {
      for (const handle of handlers) handle.call(server, req, res);
    }),
  );
}

/** The search page's views are counted with how many results the site's search finds (posts and projects). */
function countSearchResults(stats: StatsRecorder, router: AppRouter): void {
  const search = createCallerFactory(router)({} as never);
  stats.countSearchResultsWith(async (term) => {
    const [posts, projects] = await Promise.all([search.posts.search({ term }), search.projects.search({ term })]);
    return posts.length + projects.length;
  });
}

/** The whole server on one Express instance: `/api`, `/trpc`, `/uploads` and the web app. */
export async function createApp(
  config: AppConfig,
  databaseUrl: string,
  options: CreateAppOptions = {},
): Promise<NestExpressApplication> {
  const rootLogger = options.rootLogger ?? createRootLogger(config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl, rootLogger), {
    logger: options.logger,
    // Nest's own start-up lines wait for pino (`useLogger` below), so that every line is pino's.
    bufferLogs: options.logger === undefined,
    // The JSON and form parsers keep the bytes as sent (`req.rawBody`): webhook signatures cover them.
    rawBody: true,
  });
  if (options.logger === undefined) {
    app.useLogger(app.get(NestPinoLogger));
    app.flushLogs();
  }
  app.disable('x-powered-by');
  // Every answer names its request id, the cached public pages too (the access log comes later:
  // `configureHttpApp`; a cached page costs no log line).
  app.use(requestIds());
  // IndexNow's key file (`/{key}.txt`) before the public pages, which would take it for a post's address.
  app.use(indexNowKeyFile(config));
  // Every answer gets a strict policy that runs and loads nothing; HTML pages replace it with theirs,
  // with a fresh nonce per answer. HSTS only on an https site, so that a local http run never pins
  // https onto localhost.
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: NON_HTML_CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    // No referrer for other sites (a preview link's token stays ours), the whole one for our own
    // pages: under helmet's `no-referrer` a browser sends a form's post with `Origin: null`, and the
    // cross-site check refuses the contact form sent without JavaScript.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: config.siteUrl.startsWith('https:'),
  });
  const router = app.get(AppRouterFactory).create();
  countSearchResults(app.get(StatsRecorder), router);
  // Public pages first: most are answered from the page cache, and every layer before counts at
  // thousands of requests a second. They carry the same security headers, set at once, come
  // compressed already, and need no session.
  const contentSecurityPolicy = htmlContentSecurityPolicy(config);
  // The pages and the redirects send their own policy, and a 304 none (the browser keeps the one its copy came with).
  const headers = headersSetBy(securityHeaders);
  delete headers['Content-Security-Policy'];
  // Redirects before the page cache: an old address costs a lookup in memory, neither a cache entry nor a rendering.
  app.use(redirectsMiddleware(app.get(RedirectsService), { headers }));
  let sendVisitorPage: SendVisitorPage | null = null;
  let answerCachedPage: AnswerFirst | null = null;
  if (options.webDir) {
    const noncePlaceholder = createNoncePlaceholder();
    const render = options.serverDir
      ? await loadPageRenderer({
          webDir: options.webDir,
          serverDir: options.serverDir,
          siteUrl: config.siteUrl,
          router,
          noncePlaceholder,
        })
      : null;
    const express = app.getHttpAdapter().getInstance();
    const pageCache = app.get(PageCacheService);
    const cache = pageCache.cache;
    const notFoundLog = app.get(NotFoundLogService);
    const onNotFound = (req: Request) => notFoundLog.record(req.originalUrl, req.headers.referer);
    // Counted in memory (the database written in batches): a cached page waits for nothing.
    const stats = app.get(StatsRecorder);
    const onPageView: OnPageView | undefined = stats.enabled
      ? (req, status) => stats.recordPageView(req, status, () => clientAddressOf(req, express.get('trust proxy fn')))
      : undefined;
    if (render) {
      const redirects = app.get(RedirectsService);
      answerCachedPage = cachedPagesFirst({
        cache,
        headers,
        contentSecurityPolicy,
        hasRedirect: (url) => redirects.hasRule(url),
        requestId: (req, res) => requestIdOf(req, res, express.get('trust proxy fn')),
        onPageView,
      });
      const store = pageCache.useStore(pageRendererBuild(options.webDir, options.serverDir as string));
      app.use(
        publicPages({ render, cache, store, headers, noncePlaceholder, contentSecurityPolicy, onNotFound, onPageView }),
      );
      sendVisitorPage = visitorPages({ render, headers, noncePlaceholder, contentSecurityPolicy });
    } else Logger.warn(`No server entry in ${options.serverDir}: public pages render in the browser`, 'Bootstrap');
  }
  app.use(securityHeaders);
  // Uploads need no session either (no database read per image), and are compressed by their format.
  serveUploads(app);
  app.use(compression());
  if (options.webDir && !serveWebApp(app, options.webDir, contentSecurityPolicy)) {
    Logger.warn(`No web build in ${options.webDir}: serving the API only`, 'Bootstrap');
  }
  configureHttpApp(app, router);
  // The contact and subscription forms sent as HTML forms (no JavaScript yet): after the cross-site check, the access
  // log and the body parsers, which `configureHttpApp` mounts, and before Nest's routes.
  if (sendVisitorPage) {
    app.use(contactFormRoute(app.get(ContactService), sendVisitorPage));
    app.use(subscribeFormRoute(app.get(SubscriptionsService), sendVisitorPage));
  }
  // The comment form answers with a redirect only (its errors in the query), so it needs no page renderer.
  app.use(commentFormRoute(app.get(CommentsService)));
  await app.init().catch(async (error: unknown) => {
    // What started before the failing step (database pools, the job queue) would keep the process alive.
    await app.close().catch(() => undefined);
    throw error;
  });
  if (answerCachedPage) answerCachedPagesFirst(app.getHttpServer() as Server, answerCachedPage);
  return app;
}
