import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** The health probes' routes under `/api` (served by `libs/api/health`). */
export const PROBE_ROUTES = { live: 'health', ready: 'ready' } as const;

/**
 * `/api/health` and `/api/ready`: asked every few seconds by load balancers and orchestrators, they
 * go through no session (no database read), no rate limit and no access log.
 */
export const PROBE_PATHS: ReadonlySet<string> = new Set(Object.values(PROBE_ROUTES).map((route) => `/api/${route}`));

export function isProbePath(path: string): boolean {
  return PROBE_PATHS.has(path);
}

/** `middleware` for every request but the probes. */
export function exceptProbes(middleware: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) =>
    isProbePath(req.path) ? next() : middleware(req, res, next);
}
