import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrorsOf } from '@blog/web/data';

/**
 * Puts the server's field errors (a 400) on the form's fields and answers the message to show
 * above the form: the server's own message, or a network hint when there was no answer.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<Path<T>>,
): string {
  const fieldErrors = fieldErrorsOf(error);
  for (const { field, message } of fieldErrors) {
    if ((fields as readonly string[]).includes(field)) setError(field as Path<T>, { message });
  }
  if (fieldErrors.length) return 'Please correct the highlighted fields.';
  return serverMessageOf(error);
}

/** A failed call's message to show: the server's own, or a network hint when there was no answer (never the browser's 'Failed to fetch'). */
export function serverMessageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  return message && !/fetch|network/i.test(message)
    ? message
    : 'The server could not be reached. Check your connection and try again.';
}
