import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { siteRouteOf } from '@blog/contracts';
import { NON_HTML_CONTENT_SECURITY_POLICY } from '@blog/api/http';
import type { RedirectsService } from './redirects.service';

/**
 * A permanent redirect without an expiry is kept by browsers for good: an hour lets the owner
 * correct a mistaken one. A temporary one is fresh at every visit (a CDN may keep it a minute, like a page).
 */
export const REDIRECT_CACHE_CONTROL = {
  301: 'public, max-age=3600',
  302: 'public, max-age=0, s-maxage=60',
} as const;

export interface RedirectsMiddlewareOptions {
  /** Headers for every redirect (the security headers, when this runs before the middleware that sets them). */
  headers?: Record<string, string>;
}

/**
 * Answers a GET or HEAD of a redirected public path with its redirect, from the service's map in
 * memory: mounted before the page cache and the rendering, which it spares. The site's routes other
 * than its public pages (`/api`, `/admin`, `/login` …) go on untouched at once (the map holds none of
 * them anyway).
 */
export function redirectsMiddleware(
  service: Pick<RedirectsService, 'resolve'>,
  { headers = {} }: RedirectsMiddlewareOptions = {},
): RequestHandler {
  const headerList = Object.entries(headers);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if ((siteRouteOf(req.path)?.kind ?? 'pages') !== 'pages') return next();
    const target = service.resolve(req.originalUrl);
    if (!target) return next();
    for (const [name, value] of headerList) res.setHeader(name, value);
    // Its body is a line with a link: it runs nothing.
    res.setHeader('Content-Security-Policy', NON_HTML_CONTENT_SECURITY_POLICY);
    res.setHeader('Cache-Control', REDIRECT_CACHE_CONTROL[target.status_code]);
    res.redirect(target.status_code, target.to_path);
  };
}
