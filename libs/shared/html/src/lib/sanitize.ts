import sanitize from 'sanitize-html';
import { HEADING_LEVELS, INLINE_LANGUAGES, LINK_PROTOCOLS, MAX_INDENT } from './editor-constants';
import { BLOCK_SHAPES, type BlockShape } from './block-shapes';
import { safeImageUrl, safeLinkUrl } from './urls';
import { FOOTNOTE_BACK_LABEL, FOOTNOTE_ID, FOOTNOTE_REF_ID } from './footnotes';
import { safeAudioUrl } from './audio';
import { plainLine } from './plain-text';
import { assertRichTextBounds } from './rich-text-bounds';

const INDENT_CLASS = new RegExp(`^indent-[1-${MAX_INDENT}]$`);
const LANGUAGE_CLASS = /^language-[a-z0-9]+$/;
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB_COLOR = /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i;

const LANGS = INLINE_LANGUAGES.map((language) => language.value as string);

/**
 * How deep the sanitiser is inside an `<audio>` now (set by its open and close hooks): an audio
 * element is kept empty (no fallback content, no `<source>`), so whatever is inside is dropped.
 * `sanitize-html` runs synchronously: one counter, reset for each call, is enough.
 */
let audioDepth = 0;

const HEADINGS = HEADING_LEVELS.map((level) => `h${level}`);
const INDENTABLE = ['p', 'li', 'blockquote', ...HEADINGS];

/** Text: lines, lists, code, marks, links and images. The editor's blocks add their shapes (block-shapes.ts). */
const TEXT_TAGS = [
  'p',
  'br',
  ...HEADINGS,
  'strong',
  'em',
  'u',
  's',
  'a',
  'img',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'span',
];
const TEXT_ATTRIBUTES: Record<string, sanitize.AllowedAttribute[]> = {
  ...Object.fromEntries(INDENTABLE.map((tag) => [tag, ['class']])),
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  span: ['style', 'lang'],
  pre: ['class'],
  code: ['class'],
};
const TEXT_CLASSES: Record<string, Array<string | RegExp>> = {
  ...Object.fromEntries(INDENTABLE.map((tag) => [tag, [INDENT_CLASS]])),
  pre: [LANGUAGE_CLASS],
  code: [LANGUAGE_CLASS],
};

const SHAPES: readonly BlockShape[] = Object.values(BLOCK_SHAPES);

/** Lists by tag merged into one (each entry once). */
function mergeByTag<T>(...maps: Array<Readonly<Record<string, readonly T[]>> | undefined>): Record<string, T[]> {
  const key = (value: T) =>
    typeof value === 'object' && !(value instanceof RegExp) ? JSON.stringify(value) : String(value);
  const merged: Record<string, T[]> = {};
  for (const map of maps)
    for (const [tag, values] of Object.entries(map ?? {})) {
      const list = (merged[tag] ??= []);
      for (const value of values) if (!list.some((kept) => key(kept) === key(value))) list.push(value);
    }
  return merged;
}

/** The attributes the first block claiming this `div` or `figure` keeps, or null when none does. */
function ownAttributes(tag: 'div' | 'figure', attribs: sanitize.Attributes): sanitize.Attributes | null {
  const classes = (attribs['class'] ?? '').split(/\s+/);
  for (const shape of SHAPES) {
    const own = shape.own?.[tag]?.(classes, attribs);
    if (own) return own;
  }
  return null;
}

/**
 * The one HTML policy of the product: what the rich-text editor produces, and all that the API keeps
 * of posts and the About page. No scripts, event handlers, frames or styles other than a text colour
 * (a video is stored as its provider and id; the public page makes the frame when a visitor plays it).
 */
export const HTML_POLICY: sanitize.IOptions = {
  allowedTags: [...new Set([...TEXT_TAGS, ...SHAPES.flatMap((shape) => shape.tags)])],
  allowedAttributes: mergeByTag(TEXT_ATTRIBUTES, ...SHAPES.map((shape) => shape.attributes)),
  allowedClasses: mergeByTag(TEXT_CLASSES, ...SHAPES.map((shape) => shape.classes)),
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
      // A video's facade link and a footnote's back link come first with their class, as the editor writes them.
      const own = attribs['class'] === 'video-play' || attribs['class'] === 'footnote-back';
      const result: sanitize.Attributes = own ? { class: attribs['class'] } : {};
      if (attribs['href'] !== undefined) result['href'] = safeLinkUrl(attribs['href']);
      if (FOOTNOTE_REF_ID.test(attribs['id'] ?? '')) result['id'] = attribs['id'];
      if (attribs['target'] === '_blank') {
        result['target'] = '_blank';
        result['rel'] = 'noopener noreferrer';
      }
      if (attribs['class'] === 'footnote-back' && FOOTNOTE_BACK_LABEL.test(attribs['aria-label'] ?? ''))
        result['aria-label'] = attribs['aria-label'];
      return { tagName, attribs: result };
    },
    // A list item's id only as a footnote's (`fn-N`), where its reference links to.
    li: (tagName, attribs) => {
      const result: sanitize.Attributes = { ...attribs };
      if (!FOOTNOTE_ID.test(result['id'] ?? '')) delete result['id'];
      return { tagName, attribs: result };
    },
    // A `div` only as one of the editor's blocks, with only its own attributes; any other is unwrapped
    // (its content kept) by a tag name the policy does not allow.
    div: (tagName, attribs): sanitize.Tag => {
      const own = ownAttributes('div', attribs);
      return own ? { tagName, attribs: own } : { tagName: 'unwrapped-div', attribs: {} };
    },
    // A block's figure keeps its own attributes; any other is a plain figure (an image and its caption).
    figure: (tagName, attribs): sanitize.Tag => ({ tagName, attribs: ownAttributes('figure', attribs) ?? {} }),
    // A player of a clip uploaded here, and nothing else: always with controls, never fetched before
    // play; a vocabulary word's keeps its class and accessible name. One without our source is dropped.
    audio: (tagName, attribs): sanitize.Tag => {
      const src = safeAudioUrl(attribs['src']);
      const vocabulary = attribs['class'] === 'vocabulary-audio';
      const label = plainLine(attribs['aria-label']);
      const result: sanitize.Attributes = vocabulary ? { class: 'vocabulary-audio' } : {};
      result['controls'] = '';
      result['preload'] = 'none';
      if (src) result['src'] = src;
      if (vocabulary && label) result['aria-label'] = label;
      return { tagName, attribs: result };
    },
    ...Object.assign({}, ...SHAPES.map((shape) => shape.transforms)),
    span: (tagName, attribs) => {
      const result: sanitize.Attributes = { ...attribs };
      if (!LANGS.includes(result['lang'] ?? '')) delete result['lang'];
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
  onOpenTag: (name) => {
    if (name === 'audio') audioDepth++;
  },
  onCloseTag: (name) => {
    if (name === 'audio') audioDepth = Math.max(0, audioDepth - 1);
  },
  // An image or an audio clip whose source was refused is dropped, not kept empty; anything inside an
  // audio element too (its hook has closed the audio itself before it is filtered).
  exclusiveFilter: (frame) =>
    audioDepth > 0 || ((frame.tag === 'img' || frame.tag === 'audio') && !frame.attribs['src']),
  // Composed accents (NFC) so that search matches what visitors type; applied to the text only,
  // never to the markup (a combining mark after a tag must not merge into its `>`). No text inside
  // an audio element.
  textFilter: (text) => (audioDepth > 0 ? '' : text.normalize('NFC')),
};

/**
 * Cleans rich-text HTML with the product's one policy (and composes accents, for search). Throws
 * `RichTextBoundsError` for HTML too deeply nested or too large to be parsed in a fraction of a second:
 * every door that takes rich text refuses it before, naming its field.
 */
export function sanitizeRichText(html: string): string {
  assertRichTextBounds(html);
  audioDepth = 0;
  return sanitize(html, HTML_POLICY).trim();
}
