import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import serveStatic from 'serve-static';
import { UPLOADS_PATH } from '@blog/contracts';
import { isServerPath } from '@blog/api/pages';

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
 * The built web app: hashed assets cached for a year, and `index.html` (never cached) for every
 * other GET the public pages (`publicPages`, served before) left: sign-in and the admin, where the
 * client-side router picks the screen.
 */
export function serveWebApp(app: NestExpressApplication, webDir: string): boolean {
  const indexHtml = join(webDir, 'index.html');
  if (!existsSync(indexHtml)) return false;
  app.use(
    '/assets',
    serveStatic(join(webDir, 'assets'), { index: false, maxAge: ONE_YEAR_SECONDS * 1000, immutable: true }),
  );
  // The few files at the build's root (favicon.ico ...), known at start: serve-static would look
  // every other path up on disk, which costs more than answering a cached page.
  const rootFiles = new Set(readdirSync(webDir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => `/${e.name}`));
  rootFiles.delete('/index.html');
  const serveRootFile = serveStatic(webDir, { index: false, maxAge: 0 });
  app.use((req: Request, res: Response, next: NextFunction) => (rootFiles.has(req.path) ? serveRootFile(req, res, next) : next()));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isServerPath(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return true;
}
