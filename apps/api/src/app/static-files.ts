import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import serveStatic from 'serve-static';
import { UPLOADS_PATH, WEB_BUILD_NONCE_PLACEHOLDER } from '@blog/contracts';
import { createNonce, setNoStore, type ContentSecurityPolicy } from '@blog/api/core';
import { isServerPath } from '@blog/api/pages';
import { serveUploadFiles, UploadFiles } from '@blog/api/upload-storage';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Uploaded files, kept in PostgreSQL and served from this instance's disk cache (`UploadFiles`):
 * generated names never change content, so they are cached for a year. A responsive variant an
 * older upload does not have yet is made the first time it is asked for.
 */
export function serveUploads(app: NestExpressApplication): void {
  app.use(UPLOADS_PATH, serveUploadFiles(app.get(UploadFiles)));
}

/**
 * The built web app: hashed assets cached for a year, and `index.html` for every other GET the
 * public pages (`publicPages`, served before) left: sign-in and the admin, where the client-side
 * router picks the screen. `index.html` gets a fresh nonce in each answer, and is never stored
 * (it is the door to the session's screens).
 */
export function serveWebApp(
  app: NestExpressApplication,
  webDir: string,
  contentSecurityPolicy: ContentSecurityPolicy,
): boolean {
  const indexHtml = join(webDir, 'index.html');
  if (!existsSync(indexHtml)) return false;
  const shellPieces = readFileSync(indexHtml, 'utf8').split(WEB_BUILD_NONCE_PLACEHOLDER);
  app.use(
    '/assets',
    serveStatic(join(webDir, 'assets'), { index: false, maxAge: ONE_YEAR_SECONDS * 1000, immutable: true }),
  );
  // The few files at the build's root (favicon.ico ...), known at start: serve-static would look
  // every other path up on disk, which costs more than answering a cached page.
  const rootFiles = new Set(
    readdirSync(webDir, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => `/${e.name}`),
  );
  rootFiles.delete('/index.html');
  const serveRootFile = serveStatic(webDir, { index: false, maxAge: 0 });
  app.use((req: Request, res: Response, next: NextFunction) =>
    rootFiles.has(req.path) ? serveRootFile(req, res, next) : next(),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isServerPath(req.path)) return next();
    const nonce = createNonce();
    setNoStore(res);
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce));
    res.type('html').send(shellPieces.join(nonce));
  });
  return true;
}
