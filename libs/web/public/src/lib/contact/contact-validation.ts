import { contactMessageInputSchema, toFieldErrors, type ContactMessage, type FieldError } from '@blog/contracts';

/**
 * The server's own rule for a contact message (zod), loaded only when a visitor uses the form so
 * that no page downloads zod at load.
 */
export function validateContactMessage(
  values: Record<string, unknown>,
): { message: ContactMessage; errors?: undefined } | { message?: undefined; errors: FieldError[] } {
  const result = contactMessageInputSchema.safeParse(values);
  return result.success ? { message: result.data } : { errors: toFieldErrors(result.error.issues) };
}
