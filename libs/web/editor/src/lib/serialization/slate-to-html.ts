import { Element, Node, Text, type Descendant } from 'slate';
import {
  escapeAttribute,
  escapeText,
  footnoteListHtml,
  footnoteRefHtml as refHtml,
  safeImageUrl,
  safeLinkUrl,
} from '@blog/shared/html';
import type { FormattedText, ImageElement, ImageFields, LinkElement } from '../custom-types';
import {
  clampIndent,
  isCodeLanguage,
  isHeadingLevel,
  isImage,
  isInlineLanguage,
  isLink,
  isStoredColor,
} from '../nodes';
import { DEFAULT_CODE_LANGUAGE } from '../constants';
import type { HtmlWriter } from '../blocks/block';
import { blockOf } from '../blocks/registry';

/**
 * The editor's document as HTML, in exactly the form the shared policy (`sanitizeRichText`) keeps
 * unchanged, so what the editor produces is what the server stores: `<p>`, `<h1>`-`<h6>`,
 * `<blockquote>`, `<ul>`/`<ol>` of `<li>`, `<pre class="language-x"><code class="language-x">`,
 * indentation as `class="indent-N"`, `<strong>`, `<em>`, `<u>`, `<s>`, `<span style="color:#rrggbb">`,
 * `<span lang="en|vi">`, `<a href>` and `<img src>`; each block of the registry writes its own
 * (`BlockDefinition.toHtml`, in its folder under `blocks/`).
 *
 * An empty document is the empty string. An empty line is `<p><br /></p>`. Spaces a browser would
 * collapse (leading, trailing, repeated) are written as non-breaking spaces so they survive.
 */
export function slateToHtml(nodes: readonly Descendant[]): string {
  if (isEmptyDocument(nodes)) return '';
  footnotes = [];
  try {
    return nodes.map(serializeBlock).join('') + footnoteListHtml(footnotes);
  } finally {
    footnotes = null;
  }
}

/**
 * The footnotes met so far in the document being written (numbered in their order), listed after its
 * last block. Serialisation is synchronous: one document at a time.
 */
let footnotes: string[] | null = null;

function isEmptyDocument(nodes: readonly Descendant[]): boolean {
  if (nodes.length === 0) return true;
  if (nodes.length > 1) return false;
  const [only] = nodes;
  return (
    Element.isElement(only) &&
    only.type === 'paragraph' &&
    !clampIndent(only.indent) &&
    Node.string(only) === '' &&
    !only.children.some((child) => isImage(child) && safeImageUrl(child.url))
  );
}

function indentClass(node: { indent?: number }): string {
  const level = clampIndent(node.indent);
  return level ? ` class="indent-${level}"` : '';
}

/** What a block's `toHtml` writes with. */
const WRITER: HtmlWriter = {
  line: (children) => serializeLine(children),
  plainText: (text) => plainText(text),
  image: (image) => serializeImage(image),
  footnote: (text) => footnoteRefHtml(text),
};

function serializeBlock(node: Descendant): string {
  if (Text.isText(node)) return `<p>${serializeLine([node])}</p>`;
  const block = blockOf(node.type);
  // An inline element alone at the top is a line of its own.
  if (block) return block.isInline ? `<p>${serializeLine([node])}</p>` : block.toHtml(node, WRITER);
  switch (node.type) {
    case 'paragraph':
      return `<p${indentClass(node)}>${serializeLine(node.children)}</p>`;
    case 'heading': {
      const tag = `h${isHeadingLevel(node.level) ? node.level : 1}`;
      return `<${tag}${indentClass(node)}>${serializeLine(node.children)}</${tag}>`;
    }
    case 'block-quote':
      return `<blockquote${indentClass(node)}>${serializeLine(node.children)}</blockquote>`;
    case 'bulleted-list':
    case 'numbered-list': {
      const tag = node.type === 'numbered-list' ? 'ol' : 'ul';
      return `<${tag}>${node.children.map(serializeListItem).join('')}</${tag}>`;
    }
    case 'list-item':
      return `<ul>${serializeListItem(node)}</ul>`;
    case 'code-block': {
      const language = isCodeLanguage(node.language) ? node.language : DEFAULT_CODE_LANGUAGE;
      return serializeCode(
        language,
        node.children.map((line) => Node.string(line)),
      );
    }
    case 'code-line':
      return serializeCode(DEFAULT_CODE_LANGUAGE, [Node.string(node)]);
    case 'link':
    case 'image':
      return `<p>${serializeLine([node])}</p>`;
    default:
      // The registry's blocks are written above.
      return '';
  }
}

function plainText(text: string | undefined): string {
  return escapeText((text ?? '').replace(/\s+/g, ' ').replace(CONTROL, '').trim().normalize('NFC'));
}

function serializeListItem(node: Descendant): string {
  if (Element.isElement(node) && 'indent' in node)
    return `<li${indentClass(node)}>${serializeLine(node.children)}</li>`;
  return `<li>${serializeLine(Element.isElement(node) ? node.children : [node])}</li>`;
}

// Control characters the policy's parser would not keep as they are (tab and newline are handled apart).
// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

function serializeCode(language: string, lines: string[]): string {
  let text = lines.join('\n').replace(CONTROL, '');
  // A browser shows no empty line for a final newline in a <pre>: write one more to keep it.
  if (text.endsWith('\n')) text += '\n';
  const cls = ` class="language-${language}"`;
  return `<pre${cls}><code${cls}>${escapeText(text.normalize('NFC'))}</code></pre>`;
}

type Unit =
  | { kind: 'text'; text: string; leaf: FormattedText; link: LinkElement | null }
  | { kind: 'image'; image: ImageElement }
  /** A block's inline element (a footnote's reference), written in its turn. */
  | { kind: 'object'; html: () => string };

const OBJECT = '\ufffc';

/** The inline content of one line (paragraph, heading, quote line or list item). */
function serializeLine(children: readonly Descendant[]): string {
  const units: Unit[] = [];
  const addText = (leaf: FormattedText, link: LinkElement | null): void => {
    const text = leaf.text.replace(/\r/g, '').replace(/\t/g, ' ').replace(CONTROL, '');
    units.push({ kind: 'text', text, leaf, link });
  };
  for (const child of children) {
    if (Text.isText(child)) addText(child, null);
    else if (isLink(child)) child.children.forEach((leaf) => Text.isText(leaf) && addText(leaf, child));
    // A pasted image still on its way to this site is not written: no hot link or base64 is ever saved.
    else if (isImage(child) && safeImageUrl(child.url) && !child.pending) units.push({ kind: 'image', image: child });
    else if (Element.isElement(child)) {
      const block = blockOf(child.type);
      if (block?.isInline) units.push({ kind: 'object', html: () => block.toHtml(child, WRITER) });
    }
  }
  keepSpaces(units);
  const full = units.map((unit) => (unit.kind === 'text' ? unit.text : OBJECT)).join('');
  if (full === '') return '<br />';

  let html = '';
  let index = 0;
  while (index < units.length) {
    const unit = units[index];
    if (unit.kind === 'image') {
      html += serializeImage(unit.image);
      index += 1;
      continue;
    }
    if (unit.kind === 'object') {
      html += unit.html();
      index += 1;
      continue;
    }
    let end = index + 1;
    while (end < units.length) {
      const next = units[end];
      if (next.kind !== 'text' || next.link !== unit.link) break;
      end += 1;
    }
    const run = units.slice(index, end) as Array<Extract<Unit, { kind: 'text' }>>;
    const inner = serializeMarks(run, 0);
    if (unit.link && inner) html += `${openLink(unit.link)}${inner}</a>`;
    else html += inner;
    index = end;
  }
  // A final line break shows nothing in a browser: one more keeps the empty last line.
  if (full.endsWith('\n')) html += '<br />';
  return html;
}

/**
 * Spaces a browser would collapse, written as U+00A0: at the start or end of a line, next to a line
 * break, or after another space.
 */
function keepSpaces(units: Unit[]): void {
  const full = units.map((unit) => (unit.kind === 'text' ? unit.text : OBJECT)).join('');
  let offset = 0;
  for (const unit of units) {
    if (unit.kind !== 'text') {
      offset += 1;
      continue;
    }
    let text = '';
    for (let i = 0; i < unit.text.length; i++) {
      const at = offset + i;
      const char = unit.text[i];
      const previous = at === 0 ? '\n' : full[at - 1];
      const next = at === full.length - 1 ? '\n' : full[at + 1];
      text += char === ' ' && (previous === ' ' || previous === '\n' || next === '\n') ? '\u00a0' : char;
    }
    offset += unit.text.length;
    unit.text = text;
  }
}

interface MarkTag {
  value: (leaf: FormattedText) => string | undefined;
  open: (value: string) => string;
  close: string;
}

/** Marks from the outside in: a language span holds a colour span, which holds strong, em, u, s. */
const MARK_TAGS: MarkTag[] = [
  {
    value: (leaf) => (isInlineLanguage(leaf.lang) ? leaf.lang : undefined),
    open: (lang) => `<span lang="${lang}">`,
    close: '</span>',
  },
  {
    value: (leaf) => (isStoredColor(leaf.color) ? leaf.color : undefined),
    open: (color) => `<span style="color:${color}">`,
    close: '</span>',
  },
  { value: (leaf) => (leaf.bold ? 'y' : undefined), open: () => '<strong>', close: '</strong>' },
  { value: (leaf) => (leaf.italic ? 'y' : undefined), open: () => '<em>', close: '</em>' },
  { value: (leaf) => (leaf.underline ? 'y' : undefined), open: () => '<u>', close: '</u>' },
  { value: (leaf) => (leaf.strike ? 'y' : undefined), open: () => '<s>', close: '</s>' },
];

/** Text runs with their marks, neighbours sharing a mark sharing its tag. */
function serializeMarks(run: Array<Extract<Unit, { kind: 'text' }>>, depth: number): string {
  const texts = run.filter((unit) => unit.text !== '');
  if (texts.length === 0) return '';
  if (depth === MARK_TAGS.length) {
    return escapeText(
      texts
        .map((unit) => unit.text)
        .join('')
        .normalize('NFC'),
    ).replace(/\n/g, '<br />');
  }
  const tag = MARK_TAGS[depth];
  let html = '';
  let start = 0;
  while (start < texts.length) {
    const value = tag.value(texts[start].leaf);
    let end = start + 1;
    while (end < texts.length && tag.value(texts[end].leaf) === value) end += 1;
    const inner = serializeMarks(texts.slice(start, end), depth + 1);
    html += value === undefined ? inner : `${tag.open(value)}${inner}${tag.close}`;
    start = end;
  }
  return html;
}

function openLink(link: LinkElement): string {
  const href = escapeAttribute(safeLinkUrl(link.url));
  return link.newTab ? `<a href="${href}" target="_blank" rel="noopener noreferrer">` : `<a href="${href}">`;
}

/** A footnote's reference, numbered in the document's order (its text goes to the list at the end). */
function footnoteRefHtml(text: string): string {
  if (!footnotes) return '';
  footnotes.push(text);
  return refHtml(footnotes.length);
}

function serializeImage(image: ImageFields): string {
  let html = `<img src="${escapeAttribute(safeImageUrl(image.url) ?? '')}"`;
  if (image.alt) html += ` alt="${escapeAttribute(image.alt.normalize('NFC'))}"`;
  for (const dimension of ['width', 'height'] as const) {
    const value = image[dimension];
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) html += ` ${dimension}="${value}"`;
  }
  return `${html} />`;
}
