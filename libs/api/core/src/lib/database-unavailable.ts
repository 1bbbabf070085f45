/** What a client is told to wait before trying again while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a database that is down, restarting or out of reach. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve now: 57P01 admin_shutdown, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up or in recovery), 53300 too_many_connections. The whole
 * class 08 (connection exception) is matched by its prefix.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Errors the pg driver and pool raise without a code when the connection is gone or never came. */
const CONNECTION_LOST_MESSAGES = [
  /^Connection terminated/, // unexpectedly, due to connection timeout
  /timeout exceeded when trying to connect/, // the pool's connectionTimeoutMillis
  /is not queryable/, // a client that has seen a connection error or was closed
  /^Cannot use a pool after calling end/,
];

/**
 * Whether an error says that the database cannot be reached or cannot serve now (a 503 that a later
 * try may not get), as opposed to a failed query. Looks through the wrappers (TypeORM's
 * `driverError`, `cause`, an `AggregateError`'s list).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, driverError, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (NETWORK_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === 'string' && CONNECTION_LOST_MESSAGES.some((pattern) => pattern.test(message))) return true;
  const inner = [driverError, cause, ...(Array.isArray(errors) ? errors : [])];
  return inner.some((wrapped) => wrapped !== error && isDatabaseUnavailable(wrapped, depth + 1));
}
