import sanitize from 'sanitize-html';
import { HEADING_LEVELS, LINK_PROTOCOLS, MAX_INDENT } from './editor-constants';
import { safeImageUrl, safeLinkUrl } from './urls';

const INDENT_CLASS = new RegExp(`^indent-[1-${MAX_INDENT}]$`);
const LANGUAGE_CLASS = /^language-[a-z0-9]+$/;
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB_COLOR = /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i;

const HEADINGS = HEADING_LEVELS.map((level) => `h${level}`);
const INDENTABLE = ['p', 'li', 'blockquote', ...HEADINGS];

/**
 * The one HTML policy of the product: what the rich-text editor produces, and all that the API keeps
 * of posts and the About page. No scripts, event handlers, frames or styles other than a text colour.
 */
export const HTML_POLICY: sanitize.IOptions = {
  // `figure`/`figcaption`: an image with its caption (no attributes of their own).
  allowedTags: [
    'p',
    'br',
    ...HEADINGS,
    'strong',
    'em',
    'u',
    's',
    'a',
    'img',
    'figure',
    'figcaption',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    span: ['style'],
    ...Object.fromEntries(INDENTABLE.map((tag) => [tag, ['class']])),
    pre: ['class'],
    code: ['class'],
  },
  allowedClasses: {
    ...Object.fromEntries(INDENTABLE.map((tag) => [tag, [INDENT_CLASS]])),
    pre: [LANGUAGE_CLASS],
    code: [LANGUAGE_CLASS],
  },
  allowedStyles: { span: { color: [HEX_COLOR, RGB_COLOR] } },
  allowedSchemes: [...LINK_PROTOCOLS],
  // `about` only ever as the `about:blank` that replaces a refused link.
  allowedSchemesByTag: { a: [...LINK_PROTOCOLS, 'about'], img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    a: (tagName, attribs) => {
      const result: sanitize.Attributes = {};
      if (attribs['href'] !== undefined) result['href'] = safeLinkUrl(attribs['href']);
      if (attribs['target'] === '_blank') {
        result['target'] = '_blank';
        result['rel'] = 'noopener noreferrer';
      }
      return { tagName, attribs: result };
    },
    img: (tagName, attribs) => {
      const src = safeImageUrl(attribs['src'] ?? '');
      const result: sanitize.Attributes = { ...attribs };
      if (src) result['src'] = src;
      else delete result['src'];
      return { tagName, attribs: result };
    },
  },
  // An image whose source was refused is dropped, not kept empty.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs['src'],
  // Composed accents (NFC) so that search matches what visitors type; applied to the text only,
  // never to the markup (a combining mark after a tag must not merge into its `>`).
  textFilter: (text) => text.normalize('NFC'),
};

/** Cleans rich-text HTML with the product's one policy (and composes accents, for search). */
export function sanitizeRichText(html: string): string {
  return sanitize(html, HTML_POLICY).trim();
}
