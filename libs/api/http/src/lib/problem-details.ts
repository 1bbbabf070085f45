import type { Request, Response } from 'express';
import type { ApiErrorBody } from '@blog/contracts';

export const PROBLEM_JSON = 'application/problem+json';

/** Whether the caller prefers RFC 9457 problem details to the spec's error shape (which stays the default). */
export function prefersProblemJson(req: Pick<Request, 'accepts'> | undefined): boolean {
  return req?.accepts?.(['application/json', PROBLEM_JSON]) === PROBLEM_JSON;
}

/** The spec's error body as problem details: its field errors (and a conflict's record) as extension members. */
export function toProblemDetails({ statusCode, error, message, ...extensions }: ApiErrorBody, instance?: string) {
  return { type: 'about:blank', title: error, status: statusCode, detail: message, instance, ...extensions };
}

/** Answers a REST error in the shape the caller asked for (`Accept`). */
export function sendErrorBody(req: Request, res: Response, body: ApiErrorBody): void {
  res.status(body.statusCode);
  // Caches must keep the two shapes apart.
  res.vary('Accept');
  if (prefersProblemJson(req)) res.type(PROBLEM_JSON).json(toProblemDetails(body, req.originalUrl));
  else res.json(body);
}
