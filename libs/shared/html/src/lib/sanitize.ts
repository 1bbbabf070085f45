import sanitize from 'sanitize-html';
import {
  CALLOUT_KINDS,
  HEADING_LEVELS,
  INLINE_LANGUAGES,
  LINK_PROTOCOLS,
  MAX_INDENT,
  TABLE_ALIGN_CLASSES,
} from './editor-constants';
import { safeImageUrl, safeLinkUrl } from './urls';
import { videoRef } from './video-embeds';
import { FOOTNOTE_BACK_LABEL, FOOTNOTE_ID, FOOTNOTE_REF_ID } from './footnotes';
import { safeAudioUrl } from './audio';
import { plainLine } from './plain-text';
import { assertRichTextBounds } from './rich-text-bounds';

const INDENT_CLASS = new RegExp(`^indent-[1-${MAX_INDENT}]$`);
const LANGUAGE_CLASS = /^language-[a-z0-9]+$/;
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB_COLOR = /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i;

const CALLOUT_CLASSES = ['callout', ...CALLOUT_KINDS.map((kind) => `callout-${kind.value}`)];
const LANGS = INLINE_LANGUAGES.map((language) => language.value as string);

/**
 * How deep the sanitiser is inside an `<audio>` now (set by its open and close hooks): an audio
 * element is kept empty (no fallback content, no `<source>`), so whatever is inside is dropped.
 * `sanitize-html` runs synchronously: one counter, reset for each call, is enough.
 */
let audioDepth = 0;

const HEADINGS = HEADING_LEVELS.map((level) => `h${level}`);
const INDENTABLE = ['p', 'li', 'blockquote', ...HEADINGS];

/**
 * The one HTML policy of the product: what the rich-text editor produces, and all that the API keeps
 * of posts and the About page. No scripts, event handlers, frames or styles other than a text colour
 * (a video is stored as its provider and id; the public page makes the frame when a visitor plays it).
 */
export const HTML_POLICY: sanitize.IOptions = {
  // `figure`/`figcaption`: an image with its caption, a video's facade (`figure.video`), a gallery's photo.
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
    // Tables (in their scrolling box), the rule, callouts and poems: see the classes below.
    'div',
    'table',
    'caption',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    // A lesson's vocabulary (`dl.vocabulary`).
    'dl',
    'dt',
    'dd',
    // A footnote's reference (`sup.footnote-ref`); the notes are `ol.footnotes`.
    'sup',
    // An audio clip of this site (`figure.audio`, a vocabulary word's pronunciation): see its transform.
    'audio',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'class', 'id', 'aria-label'],
    sup: ['class'],
    audio: ['class', 'controls', 'preload', 'src', 'aria-label'],
    img: ['src', 'alt', 'width', 'height'],
    span: ['style', 'lang', 'class'],
    figure: ['class', 'data-provider', 'data-id'],
    dl: ['class'],
    dd: ['class', 'lang'],
    ol: ['class'],
    ...Object.fromEntries(INDENTABLE.map((tag) => [tag, ['class']])),
    li: ['class', 'id'],
    // The table's box scrolls on a phone: focusable so that a keyboard can scroll it; a callout is a note.
    div: [
      'class',
      { name: 'tabindex', multiple: false, values: ['0'] },
      { name: 'role', multiple: false, values: ['note'] },
    ],
    th: ['scope', 'class'],
    td: ['class'],
    pre: ['class'],
    code: ['class'],
  },
  allowedClasses: {
    ...Object.fromEntries(INDENTABLE.map((tag) => [tag, [INDENT_CLASS]])),
    p: [INDENT_CLASS, 'callout-label', 'poem-title', 'poem-author', 'poem-line'],
    pre: [LANGUAGE_CLASS],
    code: [LANGUAGE_CLASS],
    div: ['table-scroll', 'poem', 'poem-centered', 'vocabulary-entry', 'gallery', ...CALLOUT_CLASSES],
    figure: ['video', 'gallery-item', 'audio'],
    audio: ['vocabulary-audio'],
    a: ['video-play', 'footnote-back'],
    sup: ['footnote-ref'],
    ol: ['footnotes'],
    span: ['video-title', 'vocabulary-word', 'vocabulary-ipa', 'vocabulary-pos'],
    dl: ['vocabulary'],
    dd: ['vocabulary-meaning', 'vocabulary-example'],
    th: [...TABLE_ALIGN_CLASSES],
    td: [...TABLE_ALIGN_CLASSES],
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
      const classes = (attribs['class'] ?? '').split(/\s+/);
      if (classes.includes('table-scroll')) return { tagName, attribs: { class: 'table-scroll', tabindex: '0' } };
      const kind = CALLOUT_KINDS.find((callout) => classes.includes(`callout-${callout.value}`));
      if (classes.includes('callout') && kind)
        return { tagName, attribs: { class: `callout callout-${kind.value}`, role: 'note' } };
      if (classes.includes('vocabulary-entry')) return { tagName, attribs: { class: 'vocabulary-entry' } };
      if (classes.includes('gallery')) return { tagName, attribs: { class: 'gallery' } };
      if (classes.includes('poem'))
        return { tagName, attribs: { class: classes.includes('poem-centered') ? 'poem poem-centered' : 'poem' } };
      return { tagName: 'unwrapped-div', attribs: {} };
    },
    // A video's facade names a known provider and a video id of its pattern; any other figure is a plain one.
    figure: (tagName, attribs): sanitize.Tag => {
      const classes = (attribs['class'] ?? '').split(/\s+/);
      const video = classes.includes('video') ? videoRef(attribs['data-provider'], attribs['data-id']) : null;
      if (video) return { tagName, attribs: { class: 'video', 'data-provider': video.provider, 'data-id': video.id } };
      if (classes.includes('audio')) return { tagName, attribs: { class: 'audio' } };
      return { tagName, attribs: classes.includes('gallery-item') ? { class: 'gallery-item' } : {} };
    },
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
    // Attribute values outside their short lists are dropped whole (sanitize-html would keep them empty).
    // (The class then goes through `allowedClasses`: an alignment only.)
    th: (tagName, attribs): sanitize.Tag => ({
      tagName,
      attribs: {
        ...(attribs['scope'] === 'col' || attribs['scope'] === 'row' ? { scope: attribs['scope'] } : {}),
        ...(attribs['class'] ? { class: attribs['class'] } : {}),
      } as sanitize.Attributes,
    }),
    dd: (tagName, attribs) => {
      const result: sanitize.Attributes = { ...attribs };
      if (!LANGS.includes(result['lang'] ?? '')) delete result['lang'];
      return { tagName, attribs: result };
    },
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
