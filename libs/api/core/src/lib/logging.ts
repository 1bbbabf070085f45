import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { pinoHttp } from 'pino-http';
import { STATS_BEACON_PATH } from '@blog/contracts';
import type { AppConfig } from './config';
import { isProbePath } from './probe-paths';
import { REDACTED, redactSecrets } from './redact-secrets';

/** Injection token of the server's pino logger (`createRootLogger`). */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/** The header that carries a request's id: answered on every response, accepted from a trusted proxy. */
export const REQUEST_ID_HEADER = 'X-Request-Id';
/** A request id taken from a proxy: short, and nothing that could forge a log line or a header. */
const ACCEPTABLE_REQUEST_ID = /^[\w.:+=/-]{1,128}$/;
/** Static files, which would flood the access log (as the health probes would). */
const STATIC_PATHS = /^\/(assets\/|uploads\/|favicon\.ico$)/;

/**
 * The server's one pino logger: `config.logLevel`, JSON lines, or readable lines through pino-pretty
 * when `config.logFormat` is `pretty` and that development package is installed. Credentials are
 * redacted wherever a log call passes them (headers, passwords, a failed query's parameters), and
 * every line is written through `redactSecrets`, so that no URL, header or message logged anywhere
 * (the access log, an error, a job's) shows a token.
 */
export function createRootLogger(
  config: Pick<AppConfig, 'logLevel' | 'logFormat'>,
  destination?: DestinationStream,
): Logger {
  const options: LoggerOptions = {
    level: config.logLevel,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'password',
        '*.password',
        'new_password',
        '*.new_password',
        'token',
        '*.token',
        'err.parameters',
        'err.cause.parameters',
      ],
      censor: REDACTED,
    },
    hooks: { streamWrite: redactSecrets },
  };
  if (destination) return pino(options, destination);
  if (config.logFormat === 'pretty' && config.logLevel !== 'silent') {
    try {
      // The access line's message says it all (`GET /api/homeData 200`): its `req` and `res` are for machines.
      return pino({
        ...options,
        transport: {
          target: 'pino-pretty',
          options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,req,res' },
        },
      });
    } catch {
      const logger = pino(options);
      logger.warn('LOG_FORMAT=pretty needs the pino-pretty package (installed for development only): logging JSON');
      return logger;
    }
  }
  return pino(options);
}

/** Express's compiled `trust proxy` setting (`app.get('trust proxy fn')`). */
export type TrustProxyFn = (address: string, hop: number) => boolean;

/**
 * The request's id, given once: the trusted proxy's `X-Request-Id` when the connection comes from a
 * proxy that `TRUST_PROXY` trusts and the value is acceptable, else a new UUID; answered in the
 * `X-Request-Id` header. `trustProxy` for a request Express has not seen (the cached pages' fast path).
 */
export function requestIdOf(req: IncomingMessage, res: ServerResponse, trustProxy?: TrustProxyFn): string {
  const request = req as Request;
  if (typeof request.id === 'string') return request.id;
  const fromProxy = req.headers['x-request-id'];
  const trusted = (trustProxy ?? (request.app?.get('trust proxy fn') as TrustProxyFn | undefined))?.(
    req.socket.remoteAddress ?? '',
    0,
  );
  const id =
    trusted && typeof fromProxy === 'string' && ACCEPTABLE_REQUEST_ID.test(fromProxy) ? fromProxy : randomUUID();
  request.id = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** Gives the request its id (and the header) before the middleware that answers without the access log. */
export function requestIds(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    requestIdOf(req, res);
    next();
  };
}

/**
 * One access-log line per request (`GET /api/homeData 200`, with the request id, the client's
 * address and the time taken), never headers, cookies or bodies, secrets in the URL redacted (by the
 * logger's `redactSecrets`); health probes, static files and the analytics beacon are not logged. Also gives every request
 * `req.log`, a logger bound to its request id.
 */
export function accessLog(logger: Logger): RequestHandler {
  const urlOf = (req: IncomingMessage) => (req as Request).originalUrl ?? req.url ?? '';
  return pinoHttp({
    logger,
    genReqId: requestIdOf,
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    wrapSerializers: false,
    serializers: {
      req: (req: Request) => ({
        method: req.method,
        url: urlOf(req),
        remoteAddress: req.ip,
        userAgent: req.headers['user-agent'],
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
      err: pino.stdSerializers.err,
    },
    // Nor the analytics beacon: like the public pages it reports from (answered before this log), it
    // leaves no reader's address or user agent in a log.
    autoLogging: {
      ignore: (req) =>
        isProbePath((req as Request).path) ||
        STATIC_PATHS.test((req as Request).path) ||
        (req as Request).path === STATS_BEACON_PATH,
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessObject: (req, res, value) => ({ ...value, req }),
    // The error itself is logged where it is caught, with its stack (`logUnexpectedError`).
    customErrorObject: (req, _res, _error, value: { res?: unknown; responseTime?: unknown }) => ({
      res: value.res,
      responseTime: value.responseTime,
      req,
    }),
    customSuccessMessage: (req, res) => `${req.method} ${urlOf(req)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${urlOf(req)} ${res.statusCode}`,
  }) as RequestHandler;
}

/**
 * Nest `Logger` calls made while a request is handled carry its request id, in tRPC procedures too
 * (nestjs-pino binds it only for Nest's own routes, which come after tRPC).
 */
export function requestLogContext(logger: Logger): RequestHandler {
  const context = new PinoLogger({ pinoHttp: { logger }, useExisting: true });
  return (req: Request, _res: Response, next: NextFunction) =>
    context.runInContext(next, { bindings: { requestId: req.id } });
}
