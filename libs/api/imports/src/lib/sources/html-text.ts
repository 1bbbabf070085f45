import { DomUtils, parseDocument } from 'htmlparser2';
import { richTextBoundsProblem } from '@blog/shared/html';

/**
 * The text of a source's HTML-ish title, name or caption, on one line (`Cats &amp; dogs`,
 * `A <em>bold</em> title`). HTML out of the rich-text bounds (a hostile file's) is never parsed into a
 * tree, whose cost grows with the square of its depth: its tags are cut out instead.
 */
export function htmlText(html: string): string {
  const text = richTextBoundsProblem(html) ? html.replace(/<[^>]*>/g, ' ') : DomUtils.textContent(parseDocument(html));
  return text.replace(/\s+/g, ' ').trim();
}
