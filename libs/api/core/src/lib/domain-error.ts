import type { FieldError } from '@blog/contracts';

/** Error codes shared by both doors; the names are tRPC's own codes. */
export type DomainErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS';

export const HTTP_STATUS_OF: Record<DomainErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
};

/** A business-rule failure: services throw it, each door maps it to its own protocol. */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly errors?: FieldError[],
    /** Response headers that go with the error, such as `Retry-After`. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static notFound(what: string): DomainError {
    return new DomainError('NOT_FOUND', `${what} not found`);
  }

  static invalid(errors: FieldError[]): DomainError {
    const summary = errors.map((error) => `${error.field}: ${error.message}`).join('; ');
    return new DomainError('BAD_REQUEST', `Invalid input (${summary})`, errors);
  }
}
