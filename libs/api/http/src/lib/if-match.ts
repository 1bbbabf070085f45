import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { versionOfIfMatch } from '@blog/contracts';
import type { Request } from 'express';

/**
 * The version a REST `PUT` names in `If-Match`: undefined without the header or with `*` (the save
 * goes over whatever version is there, as the spec's client expects), 0 when the header names no
 * version of ours (no record has version 0: the save cannot match, a 412).
 */
export function expectedVersionOf(header: string | undefined): number | undefined {
  const version = versionOfIfMatch(header);
  if (version === undefined || version === '*') return undefined;
  return version ?? 0;
}

/** `expectedVersionOf` the request's `If-Match`. */
export const IfMatch = createParamDecorator((_data: unknown, context: ExecutionContext): number | undefined =>
  expectedVersionOf(context.switchToHttp().getRequest<Request>().get('if-match')),
);
