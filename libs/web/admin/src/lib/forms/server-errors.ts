import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrorsOf } from '@blog/web/data';

/**
 * Puts the server's field errors (a 400, a 409) on the form's fields and answers the message to show
 * above the form: a pointer to the fields highlighted, else the server's own message.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<Path<T>>,
): string {
  const onFields = fieldErrorsOf(error).filter(({ field }) => (fields as readonly string[]).includes(field));
  for (const { field, message } of onFields) setError(field as Path<T>, { message });
  // A refusal naming no field the form shows (a 409 naming `translation_id`) is said by the server's message.
  return onFields.length ? 'Please correct the highlighted fields.' : serverMessageOf(error);
}

/** A failed call's message to show: the server's own, or a network hint when there was no answer (never the browser's 'Failed to fetch'). */
export function serverMessageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  return message && !/fetch|network/i.test(message)
    ? message
    : 'The server could not be reached. Check your connection and try again.';
}
