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

/** Deeper than any real post (lists nest a few levels); a hostile file's 100,000 levels would overflow the stack. */
export const MAX_DEPTH = 64;

// Lexical's text format bits, outermost first, with the tags our rich-text policy keeps (subscript,
// superscript and highlight have none: their text stays).
const FORMATS: [bit: number, tag: string][] = [
  [1, 'strong'],
  [2, 'em'],
  [4, 's'],
  [8, 'u'],
  [16, 'code'],
];

const HEADING = /^h[1-6]$/;

/**
 * Ghost's Lexical document (`posts.lexical`, parsed) as HTML, for a post whose `html` is null. Lexical's
 * nodes (paragraph, heading, quote, list, link, text) and Ghost's `extended-*` versions of them, plus
 * Ghost's common cards; any other card is dropped with a warning.
 */
export function renderLexical(document: unknown, warnings: string[]): string {
  const root = isRecord(document) ? document['root'] : undefined;
  if (!isRecord(root) || !Array.isArray(root['children']))
    throw new GhostBodyError('The Lexical document has no root.');
  return renderChildren(root, 1, warnings);
}

function renderChildren(node: Record<string, unknown>, depth: number, warnings: string[]): string {
  const children = node['children'];
  if (!Array.isArray(children)) return '';
  if (depth > MAX_DEPTH) throw new GhostBodyError('The Lexical document is nested too deeply.');
  return children.map((child) => renderNode(child, depth + 1, warnings)).join('');
}

function renderNode(node: unknown, depth: number, warnings: string[]): string {
  if (!isRecord(node)) return '';
  const inner = () => renderChildren(node, depth, warnings);
  const type = node['type'];
  switch (type) {
    case 'paragraph': {
      const content = inner();
      return content ? `<p>${content}</p>` : '';
    }
    case 'heading':
    case 'extended-heading': {
      const tag = HEADING.test(stringField(node, 'tag')) ? stringField(node, 'tag') : 'h2';
      return `<${tag}>${inner()}</${tag}>`;
    }
    case 'quote':
    case 'extended-quote':
    case 'aside':
      return `<blockquote>${inner()}</blockquote>`;
    case 'list':
      return renderList(node, depth, warnings);
    case 'listitem':
      return `<li>${inner()}</li>`;
    case 'text':
    case 'extended-text':
      return formatText(stringField(node, 'text'), node['format']);
    case 'linebreak':
      return '<br>';
    case 'tab':
      return '\t';
    case 'link':
    case 'autolink':
      return `<a href="${escapeAttribute(stringField(node, 'url'))}">${inner()}</a>`;
    case 'code':
      // Lexical's own code block: its text in code-highlight and linebreak nodes.
      return codeBlock(codeText(node), stringField(node, 'language'), '');
    case 'codeblock':
      return codeBlock(stringField(node, 'code'), stringField(node, 'language'), stringField(node, 'caption'));
    case 'image':
      return imageFigure({
        src: stringField(node, 'src'),
        alt: stringField(node, 'alt'),
        caption: stringField(node, 'caption'),
        href: stringField(node, 'href'),
        width: node['width'],
        height: node['height'],
      });
    case 'audio':
      return audioFigure(stringField(node, 'src'), stringField(node, 'title'));
    case 'gallery':
      return renderGallery(node['images']);
    case 'horizontalrule':
      return '<hr>';
    case 'html':
      return stringField(node, 'html');
    case 'markdown':
      return markdownAsText(stringField(node, 'markdown'), warnings);
    case 'embed':
      return embedAsVideoOrLink(stringField(node, 'url'), stringField(node, 'caption'), warnings);
    case 'bookmark': {
      const metadata = isRecord(node['metadata']) ? node['metadata'] : {};
      return bookmarkAsLink(stringField(node, 'url'), stringField(metadata, 'title'));
    }
    default:
      // An element we do not know keeps its content; a card (no children) we do not know is dropped.
      return Array.isArray(node['children']) ? inner() : droppedCard(type, warnings);
  }
}

/** A list; a nested list is an item of its own in Lexical, and goes inside the item before it, as in HTML. */
function renderList(node: Record<string, unknown>, depth: number, warnings: string[]): string {
  const ordered = node['listType'] === 'number' || node['tag'] === 'ol';
  const items: string[] = [];
  const children = Array.isArray(node['children']) ? node['children'] : [];
  for (const item of children) {
    if (!isRecord(item)) continue;
    const content = renderChildren(item, depth + 1, warnings);
    const itemChildren = Array.isArray(item['children']) ? item['children'] : [];
    const onlyList =
      itemChildren.length > 0 && itemChildren.every((child) => isRecord(child) && child['type'] === 'list');
    if (onlyList && items.length > 0) items[items.length - 1] += content;
    else items.push(content);
  }
  const start = node['start'];
  const startAttribute =
    ordered && typeof start === 'number' && Number.isInteger(start) && start > 1 ? ` start="${start}"` : '';
  const tag = ordered ? 'ol' : 'ul';
  return `<${tag}${startAttribute}>${items.map((item) => `<li>${item}</li>`).join('')}</${tag}>`;
}

function formatText(text: string, format: unknown): string {
  let html = escapeText(text);
  if (typeof format !== 'number') return html;
  for (const [bit, tag] of [...FORMATS].reverse()) {
    if (format & bit) html = `<${tag}>${html}</${tag}>`;
  }
  return html;
}

function codeText(node: Record<string, unknown>): string {
  const children = Array.isArray(node['children']) ? node['children'] : [];
  return children
    .map((child) => {
      if (!isRecord(child)) return '';
      if (child['type'] === 'linebreak') return '\n';
      if (child['type'] === 'tab') return '\t';
      return stringField(child, 'text');
    })
    .join('');
}
