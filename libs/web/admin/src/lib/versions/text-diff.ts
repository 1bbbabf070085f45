import { diffWordsWithSpace } from 'diff';

/** Elements that start a line of their own when HTML is read as text. */
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TR',
  'UL',
]);

/**
 * The text a reader sees in rich-text HTML: tags stripped, each block on its own line, an image as
 * "[Image: alt]" (so a changed picture shows), spaces inside a line collapsed, NFC-normalised (a
 * Vietnamese letter typed as one code point or as letter + combining marks reads the same).
 */
export function htmlToText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const out: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      out.push(node.textContent ?? '');
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    if (element.tagName === 'BR') return void out.push('\n');
    if (element.tagName === 'IMG') {
      const alt = element.getAttribute('alt')?.trim();
      return void out.push(alt ? ` [Image: ${alt}] ` : ' [Image] ');
    }
    if (element.tagName === 'TD' || element.tagName === 'TH') out.push(' ');
    const block = BLOCKS.has(element.tagName);
    if (block) out.push('\n');
    element.childNodes.forEach(walk);
    if (block) out.push('\n');
  };
  body.childNodes.forEach(walk);
  return out
    .join('')
    .normalize('NFC')
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** A plain text field's value as compared: NFC-normalised, so that diacritics compare by meaning, not by encoding. */
export function plainText(text: string): string {
  return text.normalize('NFC');
}

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/**
 * The word-level changes from `before` to `after` (both NFC-normalised first), whitespace kept as written.
 * Changed words separated only by spaces read as one change ("Hà Nội" → "Ha Noi", not word by word).
 */
export function diffText(before: string, after: string): DiffPart[] {
  const parts: DiffPart[] = diffWordsWithSpace(before.normalize('NFC'), after.normalize('NFC')).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
  const out: DiffPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    // Spaces both sides end with are not a change: "bò tái " → "gà " reads as "bò tái" → "gà", then a space.
    const space = /\s+$/.exec(removed)?.[0] ?? '';
    const shared = removed && added && space && added.endsWith(space) ? space : '';
    if (removed) out.push({ kind: 'removed', text: removed.slice(0, removed.length - shared.length) });
    if (added) out.push({ kind: 'added', text: added.slice(0, added.length - shared.length) });
    if (shared) out.push({ kind: 'same', text: shared });
    removed = added = '';
  };
  parts.forEach((part, index) => {
    if (part.kind === 'removed') removed += part.text;
    else if (part.kind === 'added') added += part.text;
    else if ((removed || added) && /^\s+$/.test(part.text) && parts[index + 1] && parts[index + 1].kind !== 'same') {
      // Spaces between two changes belong to both sides: each side still reads as written.
      removed += part.text;
      added += part.text;
    } else {
      flush();
      out.push(part);
    }
  });
  flush();
  return out;
}

/** One field of a record as the owner reads it: its label and its value as text (HTML already read as text). */
export interface FieldText {
  key: string;
  label: string;
  text: string;
}

export interface FieldChange {
  key: string;
  label: string;
  before: string;
  after: string;
}

/** The fields whose text differs between two descriptions of one record (same keys, same order). */
export function changedFields(before: FieldText[], after: FieldText[]): FieldChange[] {
  const afterByKey = new Map(after.map((field) => [field.key, field]));
  return before.flatMap((field) => {
    const other = afterByKey.get(field.key);
    const beforeText = field.text.normalize('NFC');
    const afterText = (other?.text ?? '').normalize('NFC');
    return beforeText === afterText
      ? []
      : [{ key: field.key, label: field.label, before: beforeText, after: afterText }];
  });
}
