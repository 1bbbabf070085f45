/** What the web reads from a failed tRPC call: the HTTP status and tRPC code the server sent. */
interface ErrorWithData {
  data?: { code?: unknown; httpStatus?: unknown; fieldErrors?: unknown; retryAfterSeconds?: unknown } | null;
}

function dataOf(error: unknown): ErrorWithData['data'] {
  return typeof error === 'object' && error !== null ? (error as ErrorWithData).data : undefined;
}

/** The server answered "no such thing" (404): an unknown post slug or category. */
export function isNotFoundError(error: unknown): boolean {
  return dataOf(error)?.code === 'NOT_FOUND';
}

/**
 * The server refused the request itself (a 4xx): asking again gives the same answer, so it is
 * never retried. Network failures and 5xx carry no such status and may be retried.
 */
export function isClientError(error: unknown): boolean {
  const status = dataOf(error)?.httpStatus;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** The field errors of a 400 (`[{field, message}]`), empty for any other failure. */
export function fieldErrorsOf(error: unknown): Array<{ field: string; message: string }> {
  const errors = dataOf(error)?.fieldErrors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (item): item is { field: string; message: string } =>
      typeof item?.field === 'string' && typeof item?.message === 'string',
  );
}

/** The server refused because of too many requests (429, a rate limit). */
export function isTooManyRequests(error: unknown): boolean {
  return dataOf(error)?.code === 'TOO_MANY_REQUESTS';
}

/** How many seconds a 429 asks to wait before trying again (its `Retry-After`); undefined when unsaid. */
export function retryAfterOf(error: unknown): number | undefined {
  const seconds = isTooManyRequests(error) ? dataOf(error)?.retryAfterSeconds : undefined;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
}

/** Retry a failed read once, unless the server refused it (React Query's `retry` option). */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !isClientError(error);
}
