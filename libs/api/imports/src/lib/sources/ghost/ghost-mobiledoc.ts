import { escapeAttribute, escapeText } from '@blog/shared/html';
import {
  bookmarkAsLink,
  codeBlock,
  audioFigure,
  droppedCard,
  embedAsVideoOrLink,
  imageFigure,
  isRecord,
  markdownAsText,
  renderGallery,
  stringField,
  GhostBodyError,
} from './ghost-cards';

// Mobiledoc's section types (https://github.com/bustle/mobiledoc-kit/blob/master/MOBILEDOC.md).
const MARKUP_SECTION = 1;
const IMAGE_SECTION = 2;
const LIST_SECTION = 3;
const CARD_SECTION = 10;
const ATOM_MARKER = 1;

// Markup tags we keep, as our rich-text policy names them.
const MARKUP_TAGS = new Map([
  ['a', 'a'],
  ['b', 'strong'],
  ['strong', 'strong'],
  ['i', 'em'],
  ['em', 'em'],
  ['u', 'u'],
  ['s', 's'],
  ['code', 'code'],
]);

const SECTION_TAGS = new Map([
  ['p', 'p'],
  ['h1', 'h1'],
  ['h2', 'h2'],
  ['h3', 'h3'],
  ['h4', 'h4'],
  ['h5', 'h5'],
  ['h6', 'h6'],
  ['blockquote', 'blockquote'],
  ['aside', 'blockquote'],
  ['pull-quote', 'blockquote'],
]);

interface Mobiledoc {
  markups: unknown[];
  atoms: unknown[];
  cards: unknown[];
}

/**
 * Ghost's Mobiledoc document (`posts.mobiledoc`, parsed: Ghost before 5) as HTML, for a post whose
 * `html` is null: markup, image, list and card sections, with Ghost's common cards; any other card is
 * dropped with a warning.
 */
export function renderMobiledoc(document: unknown, warnings: string[]): string {
  if (!isRecord(document) || !Array.isArray(document['sections'])) {
    throw new GhostBodyError('The Mobiledoc document has no sections.');
  }
  const list = (key: string) => (Array.isArray(document[key]) ? (document[key] as unknown[]) : []);
  const doc: Mobiledoc = { markups: list('markups'), atoms: list('atoms'), cards: list('cards') };
  return document['sections'].map((section) => renderSection(section, doc, warnings)).join('');
}

function renderSection(section: unknown, doc: Mobiledoc, warnings: string[]): string {
  if (!Array.isArray(section)) return '';
  switch (section[0]) {
    case MARKUP_SECTION: {
      const tag = SECTION_TAGS.get(String(section[1]).toLowerCase()) ?? 'p';
      const content = renderMarkers(section[2], doc);
      return content || tag !== 'p' ? `<${tag}>${content}</${tag}>` : '';
    }
    case IMAGE_SECTION:
      return imageFigure({ src: typeof section[1] === 'string' ? section[1] : '', alt: '', caption: '', href: '' });
    case LIST_SECTION: {
      const tag = String(section[1]).toLowerCase() === 'ol' ? 'ol' : 'ul';
      const items = Array.isArray(section[2]) ? section[2] : [];
      return `<${tag}>${items.map((item) => `<li>${renderMarkers(item, doc)}</li>`).join('')}</${tag}>`;
    }
    case CARD_SECTION: {
      const card = typeof section[1] === 'number' ? doc.cards[section[1]] : undefined;
      return Array.isArray(card) ? renderCard(card[0], isRecord(card[1]) ? card[1] : {}, warnings) : '';
    }
    default:
      return '';
  }
}

/** A section's markers: each opens some markups, writes its text or atom, then closes the last few it opened. */
function renderMarkers(markers: unknown, doc: Mobiledoc): string {
  if (!Array.isArray(markers)) return '';
  const open: string[] = [];
  let html = '';
  for (const marker of markers) {
    if (!Array.isArray(marker)) continue;
    const [type, opens, closes, value] = marker as unknown[];
    for (const index of Array.isArray(opens) ? opens : []) {
      const [tag, attributes] = markupOf(doc.markups[index as number]);
      open.push(tag);
      if (tag) html += `<${tag}${attributes}>`;
    }
    html +=
      type === ATOM_MARKER
        ? renderAtom(doc.atoms[value as number])
        : escapeText(typeof value === 'string' ? value : '');
    const closing = typeof closes === 'number' && closes > 0 ? Math.min(closes, open.length) : 0;
    for (let i = 0; i < closing; i++) html += closeTag(open.pop());
  }
  while (open.length) html += closeTag(open.pop());
  return html;
}

const closeTag = (tag: string | undefined) => (tag ? `</${tag}>` : '');

/** A markup's tag and attributes ('' for a tag we do not keep: its text stays). */
function markupOf(markup: unknown): [string, string] {
  if (!Array.isArray(markup)) return ['', ''];
  const tag = MARKUP_TAGS.get(String(markup[0]).toLowerCase()) ?? '';
  if (tag !== 'a') return [tag, ''];
  const attributes: unknown[] = Array.isArray(markup[1]) ? markup[1] : [];
  const href = attributes.indexOf('href');
  const url = href >= 0 && href % 2 === 0 && typeof attributes[href + 1] === 'string' ? attributes[href + 1] : '';
  return [tag, ` href="${escapeAttribute(url as string)}"`];
}

function renderAtom(atom: unknown): string {
  if (!Array.isArray(atom)) return '';
  if (atom[0] === 'soft-return') return '<br>';
  return escapeText(typeof atom[1] === 'string' ? atom[1] : '');
}

function renderCard(name: unknown, payload: Record<string, unknown>, warnings: string[]): string {
  switch (name) {
    case 'image':
      return imageFigure({
        src: stringField(payload, 'src'),
        alt: stringField(payload, 'alt'),
        caption: stringField(payload, 'caption'),
        href: stringField(payload, 'href'),
        width: payload['width'],
        height: payload['height'],
      });
    case 'audio':
      return audioFigure(stringField(payload, 'src'), stringField(payload, 'title'));
    case 'gallery':
      return renderGallery(payload['images']);
    case 'html':
      return stringField(payload, 'html');
    case 'markdown':
    case 'card-markdown':
      return markdownAsText(stringField(payload, 'markdown'), warnings);
    case 'code':
      return codeBlock(stringField(payload, 'code'), stringField(payload, 'language'), stringField(payload, 'caption'));
    case 'hr':
      return '<hr>';
    case 'embed':
      return embedAsVideoOrLink(stringField(payload, 'url'), stringField(payload, 'caption'), warnings);
    case 'bookmark': {
      const metadata = isRecord(payload['metadata']) ? payload['metadata'] : {};
      return bookmarkAsLink(stringField(payload, 'url'), stringField(metadata, 'title'));
    }
    default:
      return droppedCard(name, warnings);
  }
}
