/**
 * The error body every API door answers with for bad input: which field failed and why.
 * REST sends it as JSON; tRPC carries `fieldErrors` in its error `data`.
 */
export interface FieldError {
  field: string;
  message: string;
}

export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errors?: FieldError[];
  /** A 412 (a save over a version the record no longer has): the record as its read answers it now. */
  current?: unknown;
  /** A 412: who wrote the current version, when, and through which door (`ChangeAuthor`). */
  changed?: unknown;
}

/** Flattens zod-style issues (`path` + `message`) into field errors. */
export function toFieldErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): FieldError[] {
  return issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(input)',
    message: issue.message,
  }));
}
