import {
  RICH_TEXT_MAX_DEPTH,
  RICH_TEXT_MAX_ELEMENTS,
  RichTextBoundsError,
  richTextBoundsProblem,
} from './rich-text-bounds';
import { sanitizeRichText } from './sanitize';

const nested = (depth: number, tag = 'div') => `${`<${tag}>`.repeat(depth)}x${`</${tag}>`.repeat(depth)}`;

describe('richTextBoundsProblem (checked before the sanitiser parses rich text)', () => {
  it('accepts real content: nesting up to the bound, and as many elements as the bound', () => {
    expect(richTextBoundsProblem('<blockquote><ul><li><p><strong>a</strong></p></li></ul></blockquote>')).toBeNull();
    expect(richTextBoundsProblem(nested(RICH_TEXT_MAX_DEPTH))).toBeNull();
    expect(richTextBoundsProblem('<p>a</p>'.repeat(RICH_TEXT_MAX_ELEMENTS))).toBeNull();
    // Void and closed elements do not nest.
    expect(richTextBoundsProblem('<p>a<br><img src="/uploads/a.png"></p>'.repeat(1_000))).toBeNull();
  });

  it('refuses nesting past the bound, closed or not, and too many elements', () => {
    expect(richTextBoundsProblem(nested(RICH_TEXT_MAX_DEPTH + 1))).toBe(
      `nested deeper than ${RICH_TEXT_MAX_DEPTH} elements`,
    );
    expect(richTextBoundsProblem('<em>'.repeat(140_000))).toBe(`nested deeper than ${RICH_TEXT_MAX_DEPTH} elements`);
    expect(richTextBoundsProblem(nested(20_000, 'span'))).toBe(`nested deeper than ${RICH_TEXT_MAX_DEPTH} elements`);
    expect(richTextBoundsProblem('<p>a</p>'.repeat(RICH_TEXT_MAX_ELEMENTS + 1))).toBe(
      `has more than ${RICH_TEXT_MAX_ELEMENTS} elements`,
    );
  });

  it('is what the sanitiser refuses, before it parses anything', () => {
    expect(() => sanitizeRichText(nested(20_000))).toThrow(RichTextBoundsError);
    expect(() => sanitizeRichText(nested(20_000))).toThrow(`nested deeper than ${RICH_TEXT_MAX_DEPTH} elements`);
    expect(sanitizeRichText(nested(RICH_TEXT_MAX_DEPTH, 'blockquote'))).toBe(nested(RICH_TEXT_MAX_DEPTH, 'blockquote'));
  });
});
