import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import serveStatic from 'serve-static';
import { UPLOADS_PATH } from '@blog/contracts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Uploaded files: generated names never change content, so they are cached for a year. */
export function serveUploads(app: NestExpressApplication, uploadDir: string): void {
  app.use(
    UPLOADS_PATH,
    serveStatic(uploadDir, {
      index: false,
      dotfiles: 'deny',
      maxAge: ONE_YEAR_SECONDS * 1000,
      immutable: true,
      setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
    }),
  );
}

/**
 * Paths the single-page app must never answer, so their own 404s stay visible. A missing
 * `/assets` file (an old hashed chunk after a deploy) must be a 404 too, never index.html.
 */
const SERVER_PATHS = /^\/(api|trpc|uploads)(\/|$)|^\/assets\//;

/**
 * The built web app: hashed assets cached for a year, and `index.html` (never cached) for every
 * other GET, where the client-side router picks the screen.
 */
export function serveWebApp(app: NestExpressApplication, webDir: string): boolean {
  const indexHtml = join(webDir, 'index.html');
  if (!existsSync(indexHtml)) return false;
  app.use(
    '/assets',
    serveStatic(join(webDir, 'assets'), { index: false, maxAge: ONE_YEAR_SECONDS * 1000, immutable: true }),
  );
  app.use(serveStatic(webDir, { index: false, maxAge: 0 }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || SERVER_PATHS.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return true;
}
