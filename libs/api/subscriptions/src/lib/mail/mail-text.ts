import { convert, type HtmlToTextOptions } from 'html-to-text';

/** The width plain-text mail is written at (RFC 5322 recommends lines of at most 78 characters). */
const TEXT_WIDTH = 78;

const TEXT_OPTIONS: HtmlToTextOptions = {
  wordwrap: TEXT_WIDTH,
  selectors: [
    { selector: 'a', options: { linkBrackets: ['(', ')'], hideLinkHrefIfSameAsText: true } },
    // Pictures are in the HTML part; the text names the links beside them (a video's, a gallery's).
    { selector: 'img', format: 'skip' },
    { selector: 'a.mail-video', format: 'skip' },
    { selector: 'table.mail-gallery', format: 'skip' },
    // A footnote's number stays in the text, its notes follow as a list (without their links back).
    { selector: 'a[id^="fnref-"]', format: 'anchor', options: { ignoreHref: true } },
    { selector: 'a.footnote-back', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    // A poem keeps its lines: one line break between them, not a paragraph's blank line.
    { selector: 'p.poem-line', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'p.poem-author', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 2 } },
  ],
};

/** Mail HTML as readable plain text: headings, paragraphs, lists, tables, poem lines, links as `text (url)`. */
export function htmlToMailText(html: string): string {
  // A paragraph that held only a picture leaves its blank lines: one blank line between blocks.
  return convert(html, TEXT_OPTIONS).replace(/\n{3,}/g, '\n\n');
}

/**
 * A post's summary (`short_content`, rich text) as one line of plain text: the preheader mail clients
 * show beside the subject, without tags, link addresses or line breaks.
 */
export function summaryText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
    ],
  })
    .replace(/\s+/g, ' ')
    .trim();
}
