import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import serveStatic from 'serve-static';
import {
  DEFAULT_FAVICON_PATH,
  siteIdentityOf,
  UPLOADS_PATH,
  WEB_BUILD_NONCE_PLACEHOLDER,
  type GeneralInfo,
} from '@blog/contracts';
import { escapeAttribute, escapeText } from '@blog/shared/html';
import { setNoStore } from '@blog/api/security';
import { createNonce, type ContentSecurityPolicy } from '@blog/api/http';
import { isServerPath } from '@blog/api/pages';
import { SiteInfoService } from '@blog/api/site-info';
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

/** The region of `index.html` the server fills with a page's head (apps/web/src/entry-server.tsx). */
const HEAD_REGION = /<!--app-head-->[\s\S]*?<!--\/app-head-->/;

/** The shell's head: the site's name and favicon (General information), or the defaults while it cannot be read. */
async function shellHead(siteInfo: SiteInfoService): Promise<string> {
  let info: GeneralInfo | null = null;
  try {
    [info = null] = await siteInfo.list();
  } catch (error) {
    // The sign-in page must open even then (the outage shows on its first call).
    Logger.warn(`The general information could not be read for the shell: ${String(error)}`, 'WebApp');
  }
  const title = escapeText(siteIdentityOf(info).site_name);
  const icon = escapeAttribute(info?.favicon_url ?? DEFAULT_FAVICON_PATH);
  return `<!--app-head--><title>${title}</title><link rel="icon" href="${icon}" /><!--/app-head-->`;
}

/**
 * The built web app: hashed assets cached for a year, and `index.html` for every other GET the
 * public pages (`publicPages`, served before) left: sign-in and the admin, where the client-side
 * router picks the screen. `index.html` gets the site's name and favicon and a fresh nonce in each
 * answer, and is never stored (it is the door to the session's screens).
 */
export function serveWebApp(
  app: NestExpressApplication,
  webDir: string,
  contentSecurityPolicy: ContentSecurityPolicy,
): boolean {
  const indexHtml = join(webDir, 'index.html');
  if (!existsSync(indexHtml)) return false;
  const shell = readFileSync(indexHtml, 'utf8');
  const siteInfo = app.get(SiteInfoService);
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
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isServerPath(req.path)) return next();
    const head = await shellHead(siteInfo);
    const nonce = createNonce();
    setNoStore(res);
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce));
    res.type('html').send(
      shell
        .replace(HEAD_REGION, () => head)
        .split(WEB_BUILD_NONCE_PLACEHOLDER)
        .join(nonce),
    );
  });
  return true;
}
