import { Logger, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import helmet from 'helmet';
import { configureHttpApp, type AppConfig } from '@blog/api/core';
import { loadPageRenderer, PageCacheService, publicPages } from '@blog/api/pages';
import { AppRouterFactory } from '@blog/api/trpc';
import { AppModule } from './app.module';
import { serveUploads, serveWebApp } from './static-files';

export interface CreateAppOptions {
  /** The built web app (`dist/apps/web`); not served when absent. */
  webDir?: string;
  /** The web's server entry (`dist/apps/web-server`) that renders the public pages; without it they render in the browser. */
  serverDir?: string;
  logger?: LoggerService | false;
}

/** The whole server on one Express instance: `/api`, `/trpc`, `/uploads` and the web app. */
export async function createApp(
  config: AppConfig,
  databaseUrl: string,
  options: CreateAppOptions = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl), {
    logger: options.logger ?? new Logger(),
  });
  app.disable('x-powered-by');
  // The content security policy waits for the tag manager and the rich-text pages; the other headers
  // apply now. HSTS only on an https site, so that a local http run never pins https onto localhost.
  app.use(
    helmet({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.siteUrl.startsWith('https:'),
    }),
  );
  const router = app.get(AppRouterFactory).create();
  // Uploads and public pages first: they need no session (no database read per image or cached
  // page), and come compressed already (images by their format, pages once per rendering).
  serveUploads(app, config.uploadDir);
  if (options.webDir) {
    const render = options.serverDir
      ? await loadPageRenderer({ webDir: options.webDir, serverDir: options.serverDir, siteUrl: config.siteUrl, router })
      : null;
    if (render) app.use(publicPages({ render, cache: app.get(PageCacheService).cache }));
    else Logger.warn(`No server entry in ${options.serverDir}: public pages render in the browser`, 'Bootstrap');
  }
  app.use(compression());
  if (options.webDir && !serveWebApp(app, options.webDir)) {
    Logger.warn(`No web build in ${options.webDir}: serving the API only`, 'Bootstrap');
  }
  configureHttpApp(app, router);
  await app.init();
  return app;
}
