/** Escapes text for HTML content. */
export const escapeText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Escapes text for a double-quoted HTML attribute. */
export const escapeAttribute = (text: string): string => escapeText(text).replace(/"/g, '&quot;');

// Control characters and runs of white space become one space.
// eslint-disable-next-line no-control-regex -- dropping control characters is the point
const LINE_BREAKERS = /[\u0000-\u001f\u007f\s]+/g;

/** A block's plain-text field as stored: one line, trimmed, accents composed. */
export const plainLine = (text: string | undefined): string =>
  (text ?? '').replace(LINE_BREAKERS, ' ').trim().normalize('NFC');
