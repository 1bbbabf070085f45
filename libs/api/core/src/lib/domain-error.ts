import { etagOf, type FieldError, type VersionConflict } from '@blog/contracts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable';

/** Error codes shared by both doors; the names are tRPC's own codes. */
export type DomainErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  /** A save that named a version the record no longer has: REST 412, tRPC CONFLICT (`DomainError.versionConflict`). */
  | 'PRECONDITION_FAILED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

export const HTTP_STATUS_OF: Record<DomainErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

/** A business-rule failure: services throw it, each door maps it to its own protocol. */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly errors?: FieldError[],
    /** Response headers that go with the error, such as `Retry-After`. */
    readonly headers?: Record<string, string>,
    /** What the refusal carries beside its message: a version conflict's current record and who changed it. */
    readonly details?: VersionConflict<unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static notFound(what: string): DomainError {
    return new DomainError('NOT_FOUND', `${what} not found`);
  }

  /** The database is down or out of reach: 503 with `Retry-After`, the same through both doors. */
  static databaseUnavailable(): DomainError {
    return new DomainError(
      'SERVICE_UNAVAILABLE',
      'The site is briefly unavailable; please try again in a moment',
      undefined,
      {
        'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
      },
    );
  }

  /**
   * A save refused because the record moved on from the version it started from: nothing was written;
   * `conflict` says what the record is now (as its read answers) and who changed it.
   */
  static versionConflict(what: string, version: number, conflict: VersionConflict<unknown>): DomainError {
    return new DomainError(
      'PRECONDITION_FAILED',
      `The ${what} was changed since you opened it: nothing was saved. Reload it, or save again over the new version`,
      undefined,
      { ETag: etagOf(version) },
      conflict,
    );
  }

  static invalid(errors: FieldError[]): DomainError {
    const summary = errors.map((error) => `${error.field}: ${error.message}`).join('; ');
    return new DomainError('BAD_REQUEST', `Invalid input (${summary})`, errors);
  }
}

/** The `DomainError` an error stands for: itself, a 503 when it says the database is unavailable, else none. */
export function asDomainError(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  return isDatabaseUnavailable(error) ? DomainError.databaseUnavailable() : undefined;
}
