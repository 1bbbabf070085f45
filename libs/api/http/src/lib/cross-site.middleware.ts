import type { NextFunction, Request, Response } from 'express';
import type { ApiErrorBody } from '@blog/contracts';
import { bearerTokenOf, hasSessionCookie } from '@blog/api/security';
import { sendErrorBody } from './problem-details';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * RFC 8058 one-click unsubscribe: the mail provider POSTs to the address in a mail's `List-Unsubscribe`
 * from wherever it runs (the subscriptions' mails, the comments' reply mails). The signed token in the
 * address is the authority, not a session, so nothing can be forged with it: it passes when it carries
 * no session cookie.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATHS: readonly string[] = [
  '/api/subscriptions/unsubscribe',
  '/api/comments/mail/unsubscribe',
];

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * CSRF defence beside the SameSite=Lax cookie: a state-changing request that a browser sends from
 * another origin (its `Origin`, or else `Referer`) is refused, session or not. Requests with neither
 * header do not come from a web page (curl, server-to-server) and pass. So does a request with an API
 * token and no session cookie: a browser never adds a bearer token by itself, so nothing is forged;
 * one that carries the cookie too is checked, as the cookie could be what it rides on. So does a
 * one-click unsubscribe without the cookie (`ONE_CLICK_UNSUBSCRIBE_PATHS`).
 */
export function refuseCrossSiteWrites(siteUrl: string) {
  const siteOrigin = new URL(siteUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (bearerTokenOf(req) !== undefined && !hasSessionCookie(req)) return next();
    if (req.method === 'POST' && ONE_CLICK_UNSUBSCRIBE_PATHS.includes(req.path) && !hasSessionCookie(req))
      return next();
    const source = req.get('origin') ?? originOf(req.get('referer'));
    if (source === undefined || source === siteOrigin || source === `${req.protocol}://${req.get('host')}`) {
      return next();
    }
    const body: ApiErrorBody = {
      statusCode: 403,
      error: 'Forbidden',
      message: `Cross-site request refused: ${source} is not this site's origin`,
    };
    sendErrorBody(req, res, body);
  };
}
