import { Parser } from 'htmlparser2';

/**
 * How deep rich text may nest elements. Real posts nest fewer than ten (a list in a quote in a callout);
 * the sanitiser's and the HTML parser's work grows with the square of the depth, and recursive walks of
 * the tree overflow the stack at some thousands.
 */
export const RICH_TEXT_MAX_DEPTH = 256;
/**
 * How many elements rich text may have: a long post has some thousands; this many takes the sanitiser
 * about a fifth of a second, and a body at the size limit could otherwise hold five times more.
 */
export const RICH_TEXT_MAX_ELEMENTS = 50_000;

/** Rich text refused before it is parsed into a tree: too deeply nested, or too many elements. */
export class RichTextBoundsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RichTextBoundsError';
  }
}

/**
 * Why `html` is refused (`nested deeper than 256 elements`, `has more than 50000 elements`), or null.
 * One streaming pass that keeps no tree and stops at the first element past a bound, so that its cost
 * is bounded whatever the input (the parser's own stack never grows past the depth bound).
 */
export function richTextBoundsProblem(html: string): string | null {
  let depth = 0;
  let elements = 0;
  const parser = new Parser(
    {
      onopentag() {
        depth += 1;
        elements += 1;
        if (depth > RICH_TEXT_MAX_DEPTH)
          throw new RichTextBoundsError(`nested deeper than ${RICH_TEXT_MAX_DEPTH} elements`);
        if (elements > RICH_TEXT_MAX_ELEMENTS)
          throw new RichTextBoundsError(`has more than ${RICH_TEXT_MAX_ELEMENTS} elements`);
      },
      onclosetag() {
        depth -= 1;
      },
    },
    // As the sanitiser reads it (`sanitize-html` parses with htmlparser2 in HTML mode).
    { decodeEntities: true },
  );
  try {
    parser.end(html);
    return null;
  } catch (error) {
    if (error instanceof RichTextBoundsError) return error.message;
    throw error;
  }
}

/** Throws `RichTextBoundsError` for rich text out of bounds (see `richTextBoundsProblem`). */
export function assertRichTextBounds(html: string): void {
  const problem = richTextBoundsProblem(html);
  if (problem) throw new RichTextBoundsError(problem);
}
