import type sanitize from 'sanitize-html';
import { CALLOUT_KINDS, INLINE_LANGUAGES, TABLE_ALIGN_CLASSES } from './editor-constants';
import { videoRef } from './video-embeds';

/**
 * The HTML each block of the rich-text editor writes beyond ordinary text: what the one HTML policy
 * (`sanitize.ts`) allows for it. Keyed by the editor's element type; the editor's registry of blocks
 * (`libs/web/editor/src/lib/blocks/registry.ts`) has a test that it and this list name the same
 * blocks. A block whose markup is written here (a gallery, a video's facade) keeps its writer in
 * this library too, so that the server and the editor agree.
 */
export interface BlockShape {
  /** The tags it writes. */
  tags: readonly string[];
  /** The attributes each of its tags may carry. */
  attributes?: Readonly<Record<string, readonly sanitize.AllowedAttribute[]>>;
  /** The classes each of its tags may carry. */
  classes?: Readonly<Record<string, readonly (string | RegExp)[]>>;
  /**
   * For the tags several blocks share (`div`, `figure`): the attributes this block's element keeps,
   * given its classes; null when the element is not this block's.
   */
  own?: Readonly<
    Partial<Record<'div' | 'figure', (classes: string[], attribs: sanitize.Attributes) => sanitize.Attributes | null>>
  >;
  /** Rules for the attribute values of its own tags (one block a tag). */
  transforms?: Readonly<Record<string, sanitize.Transformer>>;
}

const CALLOUT_CLASSES = ['callout', ...CALLOUT_KINDS.map((kind) => `callout-${kind.value}`)];
const LANGS = INLINE_LANGUAGES.map((language) => language.value as string);

/**
 * In this order: the first block that claims a `div` or a `figure` keeps it (a table's box, a callout,
 * a vocabulary entry, a gallery, a poem; a video's facade, an audio clip, a gallery's photo).
 */
export const BLOCK_SHAPES = {
  table: {
    tags: ['div', 'table', 'caption', 'thead', 'tbody', 'tr', 'th', 'td'],
    // The table's box scrolls on a phone: focusable so that a keyboard can scroll it.
    attributes: {
      div: ['class', { name: 'tabindex', multiple: false, values: ['0'] }],
      th: ['scope', 'class'],
      td: ['class'],
    },
    classes: { div: ['table-scroll'], th: [...TABLE_ALIGN_CLASSES], td: [...TABLE_ALIGN_CLASSES] },
    own: { div: (classes) => (classes.includes('table-scroll') ? { class: 'table-scroll', tabindex: '0' } : null) },
    transforms: {
      // Attribute values outside their short lists are dropped whole (sanitize-html would keep them empty).
      // (The class then goes through `allowedClasses`: an alignment only.)
      th: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...(attribs['scope'] === 'col' || attribs['scope'] === 'row' ? { scope: attribs['scope'] } : {}),
          ...(attribs['class'] ? { class: attribs['class'] } : {}),
        } as sanitize.Attributes,
      }),
    },
  },
  rule: { tags: ['hr'] },
  callout: {
    tags: ['div', 'p'],
    // A callout is a note.
    attributes: { div: ['class', { name: 'role', multiple: false, values: ['note'] }] },
    classes: { div: CALLOUT_CLASSES, p: ['callout-label'] },
    own: {
      div: (classes) => {
        const kind = CALLOUT_KINDS.find((callout) => classes.includes(`callout-${callout.value}`));
        return classes.includes('callout') && kind ? { class: `callout callout-${kind.value}`, role: 'note' } : null;
      },
    },
  },
  video: {
    tags: ['figure', 'figcaption', 'a', 'img', 'span'],
    attributes: { figure: ['class', 'data-provider', 'data-id'], a: ['class'], span: ['class'] },
    classes: { figure: ['video'], a: ['video-play'], span: ['video-title'] },
    // A video's facade names a known provider and a video id of its pattern; any other is a plain figure.
    own: {
      figure: (classes, attribs) => {
        const video = classes.includes('video') ? videoRef(attribs['data-provider'], attribs['data-id']) : null;
        return video ? { class: 'video', 'data-provider': video.provider, 'data-id': video.id } : null;
      },
    },
  },
  audio: {
    tags: ['figure', 'figcaption', 'audio'],
    attributes: { figure: ['class'], audio: ['class', 'controls', 'preload', 'src', 'aria-label'] },
    classes: { figure: ['audio'] },
    own: { figure: (classes) => (classes.includes('audio') ? { class: 'audio' } : null) },
  },
  vocabulary: {
    tags: ['dl', 'dt', 'dd', 'div', 'span', 'audio'],
    attributes: { dl: ['class'], dd: ['class', 'lang'], div: ['class'], span: ['class'] },
    classes: {
      dl: ['vocabulary'],
      dd: ['vocabulary-meaning', 'vocabulary-example'],
      div: ['vocabulary-entry'],
      span: ['vocabulary-word', 'vocabulary-ipa', 'vocabulary-pos'],
      // A word's pronunciation (the audio block's player rule applies).
      audio: ['vocabulary-audio'],
    },
    own: { div: (classes) => (classes.includes('vocabulary-entry') ? { class: 'vocabulary-entry' } : null) },
    transforms: {
      dd: (tagName, attribs) => {
        const result: sanitize.Attributes = { ...attribs };
        if (!LANGS.includes(result['lang'] ?? '')) delete result['lang'];
        return { tagName, attribs: result };
      },
    },
  },
  gallery: {
    tags: ['div', 'figure', 'figcaption', 'a', 'img'],
    attributes: { div: ['class'], figure: ['class'] },
    classes: { div: ['gallery'], figure: ['gallery-item'] },
    own: {
      div: (classes) => (classes.includes('gallery') ? { class: 'gallery' } : null),
      figure: (classes) => (classes.includes('gallery-item') ? { class: 'gallery-item' } : null),
    },
  },
  poem: {
    tags: ['div', 'p'],
    attributes: { div: ['class'] },
    classes: { div: ['poem', 'poem-centered'], p: ['poem-title', 'poem-author', 'poem-line'] },
    own: {
      div: (classes) =>
        classes.includes('poem') ? { class: classes.includes('poem-centered') ? 'poem poem-centered' : 'poem' } : null,
    },
  },
  // An image with its caption.
  figure: { tags: ['figure', 'figcaption', 'img'] },
  // A footnote's reference (`sup.footnote-ref`); the notes are `ol.footnotes`, each with a link back.
  footnote: {
    tags: ['sup', 'a', 'ol', 'li'],
    attributes: { sup: ['class'], a: ['class', 'id', 'aria-label'], ol: ['class'], li: ['id'] },
    classes: { sup: ['footnote-ref'], ol: ['footnotes'], a: ['footnote-back'] },
  },
} satisfies Record<string, BlockShape>;

export type BlockShapeType = keyof typeof BLOCK_SHAPES;
