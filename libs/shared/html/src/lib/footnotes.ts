import { escapeText, plainLine } from './plain-text';

/**
 * Footnotes: a numbered reference at its place in the text (`<sup class="footnote-ref"><a href="#fn-1"
 * id="fnref-1">1</a></sup>`), and the notes listed after the text (`<ol class="footnotes">` of `<li
 * id="fn-1">` with a link back to its reference). Numbers follow the document's order.
 */
export const FOOTNOTE_ID = /^fn-([1-9][0-9]{0,3})$/;
export const FOOTNOTE_REF_ID = /^fnref-([1-9][0-9]{0,3})$/;
export const FOOTNOTE_BACK_LABEL = /^Back to reference [1-9][0-9]{0,3}$/;

export function footnoteRefHtml(number: number): string {
  return `<sup class="footnote-ref"><a href="#fn-${number}" id="fnref-${number}">${number}</a></sup>`;
}

/** The list of the notes, in order ('' when there is none). */
export function footnoteListHtml(notes: readonly string[]): string {
  if (notes.length === 0) return '';
  const items = notes.map(
    (note, index) =>
      `<li id="fn-${index + 1}">${escapeText(plainLine(note))} ` +
      `<a class="footnote-back" href="#fnref-${index + 1}" aria-label="Back to reference ${index + 1}">↩</a></li>`,
  );
  return `<ol class="footnotes">${items.join('')}</ol>`;
}
