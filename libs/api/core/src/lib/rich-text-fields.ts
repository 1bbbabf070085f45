import { richTextBoundsProblem } from '@blog/shared/html';
import { DomainError } from './domain-error';

/**
 * Refuses rich-text fields too deeply nested or with too many elements to be parsed and sanitised in a
 * fraction of a second: a 400 naming each (`content: nested deeper than 256 elements`). Each door that
 * takes rich text calls it before anything builds a tree of the HTML.
 */
export function requireRichTextBounds(fields: Record<string, string>): void {
  const errors = Object.entries(fields).flatMap(([field, html]) => {
    const message = richTextBoundsProblem(html);
    return message ? [{ field, message }] : [];
  });
  if (errors.length > 0) throw DomainError.invalid(errors);
}
