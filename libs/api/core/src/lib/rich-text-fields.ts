import { richTextBoundsProblem, RichTextBoundsError } from '@blog/shared/html';
import { prepareRichText } from '@blog/shared/html/highlight';
import { DomainError } from './domain-error';

/**
 * Refuses rich-text fields too deeply nested or with too many elements to be parsed and sanitised in a
 * fraction of a second: a 400 naming each (`content: nested deeper than 256 elements`). For rich text kept
 * as sent (an autosave); rich text that is stored goes through `sanitizedRichText`, which refuses alike.
 */
export function requireRichTextBounds(fields: Record<string, string>): void {
  const errors = Object.entries(fields).flatMap(([field, html]) => {
    const message = richTextBoundsProblem(html);
    return message ? [{ field, message }] : [];
  });
  if (errors.length > 0) throw DomainError.invalid(errors);
}

/**
 * The rich-text fields through the product's one policy (`prepareRichText`: sanitised, code highlighted),
 * as every write of a record stores them. The sanitiser scans each field's bounds before it builds a tree,
 * so the fields are scanned once: a field out of bounds is refused as `requireRichTextBounds` refuses it
 * (a 400 naming each such field).
 */
export function sanitizedRichText<Fields extends Record<string, string>>(fields: Fields): Fields {
  const errors: Array<{ field: string; message: string }> = [];
  const sanitized: Record<string, string> = {};
  for (const [field, html] of Object.entries(fields)) {
    try {
      sanitized[field] = prepareRichText(html);
    } catch (error) {
      if (!(error instanceof RichTextBoundsError)) throw error;
      errors.push({ field, message: error.message });
    }
  }
  if (errors.length > 0) throw DomainError.invalid(errors);
  return sanitized as Fields;
}
