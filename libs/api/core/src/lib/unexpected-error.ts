import { Logger } from '@nestjs/common';
import type { Request } from 'express';
import type { Logger as PinoLogger } from 'pino';

/** What a client is told of an error it did not cause: never the error's own text or stack. */
export const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong on our side';

const fallbackLogger = new Logger('HTTP');

/**
 * Logs an error the client is told nothing about, in full (stack, cause, the failed query), with the
 * request's id through its access-log logger (`req.log`), so that a report quoting the id finds it.
 */
export function logUnexpectedError(req: Request | undefined, error: unknown, where: string): void {
  // Set by the access log (`accessLog`), which every app mounts but a bare Express app in a test may not.
  const log = (req as { log?: PinoLogger } | undefined)?.log;
  if (log) log.error({ err: error, where }, `Unexpected error in ${where}`);
  else fallbackLogger.error(error instanceof Error ? (error.stack ?? error.message) : String(error), where);
}
