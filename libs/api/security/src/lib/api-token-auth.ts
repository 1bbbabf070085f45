import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { DataSource } from 'typeorm';
import {
  API_TOKEN_LAST_USED_EVERY_MS,
  API_TOKEN_LIMITS,
  API_TOKEN_PATTERN,
  formatWait,
  type ApiTokenScope,
} from '@blog/contracts';
import { asDomainError, DomainError, isProbePath, secretTokenHash } from '@blog/api/core';
import { setNoStore } from './no-store';
import { RateLimiter } from './rate-limiter';
import { TOKEN_SCOPE_KEY } from './token-scope';

/** The API token a request was authenticated by (its owner is `req.user`). */
export interface ApiTokenPrincipal {
  id: number;
  scopes: ApiTokenScope[];
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set when the request carried a valid `Authorization: Bearer` token: it may act only within `scopes`. */
      apiToken?: ApiTokenPrincipal;
      /** Why the request's bearer token was refused (401, 429): thrown by the route's guard or procedure. */
      apiTokenRefusal?: DomainError;
    }
  }
}

/** The token of an `Authorization: Bearer …` header, or undefined when the request has none. */
export function bearerTokenOf(req: Pick<Request, 'headers'>): string | undefined {
  const match = /^Bearer[ \t]+(\S*)\s*$/i.exec(req.headers.authorization ?? '');
  return match ? match[1] : undefined;
}

/** The doors tokens may use: the REST API and tRPC (the pages and static files ignore the header). */
export function isApiPath(path: string): boolean {
  return path === '/trpc' || path.startsWith('/trpc/') || path.startsWith('/api/');
}

/** RFC 6750's 401: the reason in words and in the `WWW-Authenticate` challenge. */
function invalidToken(reason: string): DomainError {
  return new DomainError('UNAUTHORIZED', reason, undefined, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${reason.replace(/"/g, "'")}"`,
  });
}

interface TokenRow {
  id: number;
  scopes: ApiTokenScope[];
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  user_id: number;
  email: string;
  name: string;
  is_admin: boolean;
}

/**
 * Authenticates `Authorization: Bearer blog_…` on `/api` and `/trpc`: the token's row is read by its
 * hash on every request (so a revocation holds at once on every instance), it is counted against
 * `API_TOKEN_LIMITS`, its "last used" is written at most once a minute, and the request then acts
 * as the token's owner (`req.user`) within its scopes (`req.apiToken`). A token refused (unknown,
 * revoked, expired, rate limited) is not answered here but by the route (`enforceTokenScope`), so
 * that each door answers in its own error shape. Runs after the sessions: a bearer overrides a cookie.
 */
export function authenticateApiTokens(dataSource: DataSource): RequestHandler {
  const limiter = new RateLimiter(
    dataSource,
    'api-token',
    API_TOKEN_LIMITS,
    (seconds) => `Too many requests with this API token: try again in ${formatWait(seconds)}`,
  );
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isApiPath(req.path) || isProbePath(req.path)) return next();
    const token = bearerTokenOf(req);
    if (token === undefined) return next();
    // An answer to a token is its owner's (as one behind a session): no cache keeps it.
    setNoStore(res);
    authenticate(token)
      .then((result) => {
        if (result instanceof DomainError) req.apiTokenRefusal = result;
        else {
          req.user = result.user;
          req.apiToken = result.token;
        }
        next();
      })
      .catch((error: unknown) => {
        const refusal = asDomainError(error);
        if (!refusal) return next(error);
        req.apiTokenRefusal = refusal;
        next();
      });
  };

  async function authenticate(token: string) {
    if (!API_TOKEN_PATTERN.test(token))
      return invalidToken('The API token is malformed (expected blog_ and 43 characters)');
    const [row]: TokenRow[] = await dataSource.query(
      `SELECT t.id, t.scopes, t.expires_at, t.revoked_at, t.last_used_at, u.id AS user_id, u.email, u.name, u.is_admin
         FROM api_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1`,
      [secretTokenHash(token)],
    );
    if (!row) return invalidToken('Unknown API token');
    if (row.revoked_at) return invalidToken('This API token was revoked');
    if (row.expires_at && row.expires_at.getTime() <= Date.now()) {
      return invalidToken(`This API token expired on ${row.expires_at.toISOString()}`);
    }
    await limiter.consume({ perToken: String(row.id) });
    if (!row.last_used_at || Date.now() - row.last_used_at.getTime() >= API_TOKEN_LAST_USED_EVERY_MS) {
      // The condition again in SQL: of several instances seeing the same stale time, one writes.
      await dataSource.query(
        `UPDATE api_tokens SET last_used_at = now()
          WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= now() - make_interval(secs => $2))`,
        [row.id, API_TOKEN_LAST_USED_EVERY_MS / 1000],
      );
    }
    return {
      user: { id: row.user_id, email: row.email, name: row.name, is_admin: row.is_admin },
      token: { id: row.id, scopes: row.scopes },
    };
  }
}

/**
 * The one rule of both doors: a request whose token was refused gets that refusal; a token may call
 * only a route or procedure that names a scope it holds (403 naming the scope); a session or an
 * anonymous request passes (the route's own guards decide).
 */
export function enforceTokenScope(req: Request | undefined, scope: ApiTokenScope | undefined): void {
  if (!req) return;
  if (req.apiTokenRefusal) throw req.apiTokenRefusal;
  const token = req.apiToken;
  if (!token) return;
  if (!scope) {
    throw new DomainError(
      'FORBIDDEN',
      "API tokens may not call this: it is for the owner's signed-in session only",
      undefined,
      { 'WWW-Authenticate': 'Bearer error="insufficient_scope"' },
    );
  }
  if (!token.scopes.includes(scope)) {
    throw new DomainError('FORBIDDEN', `This API token lacks the scope ${scope}`, undefined, {
      'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${scope}"`,
    });
  }
}

/** REST, on every route (`configureHttpApp`): `enforceTokenScope` with the route's `@TokenScope`. */
@Injectable()
export class TokenScopeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const scope = this.reflector.getAllAndOverride<ApiTokenScope | undefined>(TOKEN_SCOPE_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    enforceTokenScope(context.switchToHttp().getRequest<Request>(), scope);
    return true;
  }
}
