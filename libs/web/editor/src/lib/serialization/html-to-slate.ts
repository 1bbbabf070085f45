import { HEADING_LEVELS, MAX_INDENT, safeImageUrl, safeLinkUrl, type CodeLanguage } from '@blog/shared/html';
import type {
  CodeBlockElement,
  InlineElement,
  FormattedText,
  HeadingLevel,
  ImageElement,
  InlineNode,
  LinkElement,
  ListItemElement,
  ListType,
  TopLevelElement,
} from '../custom-types';
import { isInlineElement } from '../nodes';
import type { BlockReadRule, ReadPlace, RuleReader } from '../blocks/block';
import { BLOCKS } from '../blocks/registry';
import { takeFootnotes } from '../blocks/footnote/html';
import { DEFAULT_CODE_LANGUAGE } from '../constants';
import { normalizeDocument } from '../normalize-document';
import { fontWeightIsBold, normalizeColor, parseStyle } from './css';
import { declaredCodeLanguage } from './code-languages';
import { normalizePastedDocument } from './paste-normalizers';

/**
 * HTML to the editor's document. It reads the editor's own output exactly (so that
 * `slateToHtml(htmlToSlate(html)) === html` for everything the editor produces), and reads foreign
 * HTML (Google Docs, Word, web pages, Quill) keeping only what the editor supports: paragraphs,
 * headings 1-6, quotes, bulleted and numbered lists, code blocks with their language, indentation,
 * bold, italic, underline, strikethrough, a text colour, links and images, under the URL rules of
 * the shared HTML policy; the registry's blocks are read by their own rules (`BlockDefinition.fromHtml`,
 * looked up by tag and class). Everything else (styles, classes, scripts, layout ...) is dropped, its
 * text kept.
 */
export interface HtmlToSlateOptions {
  /**
   * Pasting: an image whose source cannot be loaded here (`file:`, `cid:`, `blob:`: Word's pictures)
   * is kept as a placeholder marked `pending: UNLOADABLE_IMAGE`, for a file of the clipboard to take
   * its place (else it is reported); otherwise such an image is dropped.
   */
  keepUnloadableImages?: boolean;
  /** Reading a table cell's content: a table inside is read as lines of text (no nested tables). */
  inCell?: boolean;
}

interface ReaderOptions extends HtmlToSlateOptions {
  /** The document's footnotes by their id (`fn-1`): the text of each, for its reference. */
  footnotes?: ReadonlyMap<string, string>;
}

/** The `pending` mark of an image whose source could not be loaded (see `keepUnloadableImages`). */
export const UNLOADABLE_IMAGE = 'unloadable';
/** What such an image shows meanwhile: a transparent pixel (the image rule allows a GIF data URL). */
export const UNLOADABLE_IMAGE_PLACEHOLDER =
  'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const UNLOADABLE_SOURCE = /^\s*(file|cid|blob):/i;

export function htmlToSlate(html: string, options: HtmlToSlateOptions = {}): TopLevelElement[] {
  if (!html.trim()) return normalizeDocument([]);
  const doc = new DOMParser().parseFromString(html, 'text/html');
  normalizePastedDocument(doc, html);
  const reader = new HtmlReader({ ...options, footnotes: takeFootnotes(doc.body) });
  reader.readChildren(doc.body, ROOT_CONTEXT);
  return normalizeDocument(linesToBlocks(reader.finish()));
}

type Marks = Omit<FormattedText, 'text' | 'token'>;

interface LinkTarget {
  url: string;
  newTab: boolean;
}

type LineFormat =
  | { type: 'paragraph' }
  | { type: 'block-quote' }
  | { type: 'heading'; level: HeadingLevel }
  | { type: 'list-item'; listType: ListType }
  | { type: 'code-line'; language: CodeLanguage };

interface Context {
  marks: Marks;
  link: LinkTarget | null;
  format: LineFormat;
  indent: number;
  /** The type of the innermost list, and how deep it is nested (0 for a top-level list). */
  listType: ListType | null;
  listDepth: number;
  /** Inside `white-space: pre` or `pre-wrap` (Google Docs' runs): spaces are kept as written. */
  preserveSpace: boolean;
}

type Item =
  | { kind: 'text'; text: string; marks: Marks; link: LinkTarget | null; isBreak: boolean; preserve?: boolean }
  /** An image or a footnote: one object of the line. */
  | { kind: 'object'; node: InlineElement };

interface Line {
  format: LineFormat;
  indent: number;
  items: Item[];
  /** A `<br>` made this line, so it is kept even when empty (`<p><br></p>`). */
  forced: boolean;
  /** Not a line of text but a block of the registry, read by its rule. */
  block?: TopLevelElement;
}

const ROOT_CONTEXT: Context = {
  marks: {},
  link: null,
  format: { type: 'paragraph' },
  indent: 0,
  listType: null,
  listDepth: 0,
  preserveSpace: false,
};

function preservesSpace(element: Element, outer: boolean): boolean {
  const whiteSpace = parseStyle(element.getAttribute('style')).get('white-space')?.toLowerCase();
  if (whiteSpace === undefined) return outer;
  return whiteSpace === 'pre' || whiteSpace === 'pre-wrap' || whiteSpace === 'break-spaces';
}

/** Elements whose content is never text of the document. */
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'canvas',
  'video',
  'audio',
  'source',
  'track',
  'picture-source',
  'input',
  'button',
  'select',
  'option',
  'optgroup',
  'textarea',
  'datalist',
  'map',
  'area',
  'xml',
  'dialog',
]);

/** Elements that start and end a line. */
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'pre',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'figure',
  'figcaption',
  'address',
  'center',
  'details',
  'summary',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'hr',
  'fieldset',
  'legend',
  'form',
  'body',
  'html',
  'menu',
  'hgroup',
  'search',
]);

/**
 * The blocks' reading rules by tag, as Slate's paste-html example keeps its ELEMENT_TAGS: those
 * naming a class first (in the registry's order), then those for any element of the tag.
 */
const READ_RULES = new Map<string, BlockReadRule[]>();
for (const rule of BLOCKS.flatMap((block) => block.fromHtml ?? []))
  READ_RULES.set(rule.tag, [...(READ_RULES.get(rule.tag) ?? []), rule]);
for (const rules of READ_RULES.values()) rules.sort((a, b) => Number(!a.className) - Number(!b.className));

const ruleMatches = (rule: BlockReadRule, element: Element): boolean =>
  !rule.className || element.classList.contains(rule.className);

/** The first block rule for an element, if any. */
function readRuleFor(element: Element, tag: string): BlockReadRule | undefined {
  return READ_RULES.get(tag)?.find((rule) => ruleMatches(rule, element));
}

/** The rule after `rule` that also matches the element. */
function nextReadRule(rule: BlockReadRule, element: Element): BlockReadRule | undefined {
  const rules = READ_RULES.get(rule.tag) ?? [];
  return rules.slice(rules.indexOf(rule) + 1).find((next) => ruleMatches(next, element));
}

const INDENT_CLASS = /^(?:ql-)?indent-(\d+)$/;

function indentFromClass(element: Element): number | null {
  for (const className of Array.from(element.classList)) {
    const match = INDENT_CLASS.exec(className);
    if (match) return Math.min(MAX_INDENT, Number(match[1]));
  }
  return null;
}

const clamp = (value: number): number => Math.min(MAX_INDENT, Math.max(0, value));

function isHidden(element: Element): boolean {
  if (element.hasAttribute('hidden')) return true;
  const style = parseStyle(element.getAttribute('style'));
  return style.get('display') === 'none' || style.get('visibility') === 'hidden';
}

/** The marks in force inside `element`, given those around it. */
function marksFor(element: Element, tag: string, outer: Marks): Marks {
  const marks: Marks = { ...outer };
  if (tag === 'strong' || tag === 'b') marks.bold = true;
  if (tag === 'em' || tag === 'i') marks.italic = true;
  if (tag === 'u' || tag === 'ins') marks.underline = true;
  if (tag === 's' || tag === 'strike' || tag === 'del') marks.strike = true;
  if (tag === 'font') {
    const color = normalizeColor(element.getAttribute('color'));
    if (color) marks.color = color;
  }
  // Only a span's plain, lower-case `en` or `vi` (as this editor and web pages write it): Word marks
  // every run with its proofing language in capitals (EN-US, VI), which is no choice of the writer.
  if (tag === 'span') {
    const lang = element.getAttribute('lang')?.trim();
    if (lang === 'en' || lang === 'vi') marks.lang = lang;
  }
  const style = parseStyle(element.getAttribute('style'));
  if (style.size === 0) return marks;
  const bold = fontWeightIsBold(style.get('font-weight'));
  if (bold === true) marks.bold = true;
  if (bold === false) delete marks.bold;
  const fontStyle = style.get('font-style')?.toLowerCase();
  if (fontStyle === 'italic' || fontStyle === 'oblique') marks.italic = true;
  if (fontStyle === 'normal') delete marks.italic;
  const decoration = (style.get('text-decoration-line') ?? style.get('text-decoration'))?.toLowerCase();
  if (decoration !== undefined) {
    if (decoration.includes('underline')) marks.underline = true;
    if (decoration.includes('line-through')) marks.strike = true;
    if (decoration.startsWith('none')) {
      delete marks.underline;
      delete marks.strike;
    }
  }
  const colorValue = style.get('color');
  if (colorValue !== undefined) {
    const color = normalizeColor(colorValue);
    if (color) marks.color = color;
  }
  return marks;
}

function headingLevel(tag: string): HeadingLevel | null {
  const match = /^h([1-6])$/.exec(tag);
  const level = match ? Number(match[1]) : 0;
  return (HEADING_LEVELS as readonly number[]).includes(level) ? (level as HeadingLevel) : null;
}

function listTypeOfItem(element: Element, fallback: ListType | null): ListType {
  const rte = element.getAttribute('data-rte-list');
  if (rte === 'bulleted-list' || rte === 'numbered-list') return rte;
  // Quill 2 writes every list as <ol> and tells the kind on the item.
  const quill = element.getAttribute('data-list');
  if (quill === 'bullet' || quill === 'checked' || quill === 'unchecked') return 'bulleted-list';
  if (quill === 'ordered') return 'numbered-list';
  return fallback ?? 'bulleted-list';
}

/** The context of a block element's content. */
function blockContext(element: Element, tag: string, outer: Context): Context {
  const ctx: Context = {
    ...outer,
    marks: marksFor(element, tag, outer.marks),
    preserveSpace: preservesSpace(element, outer.preserveSpace),
  };
  const ownIndent = indentFromClass(element);
  const inList = outer.format.type === 'list-item';
  if (tag === 'ul' || tag === 'ol') {
    ctx.listType = tag === 'ol' ? 'numbered-list' : 'bulleted-list';
    ctx.listDepth = outer.listType ? outer.listDepth + 1 : 0;
    return ctx;
  }
  if (tag === 'li' || element.hasAttribute('data-rte-list')) {
    ctx.format = { type: 'list-item', listType: listTypeOfItem(element, outer.listType) };
    const rteIndent = element.getAttribute('data-rte-indent');
    const ariaLevel = Number(element.getAttribute('aria-level'));
    if (rteIndent !== null) ctx.indent = clamp(Number(rteIndent) || 0);
    else if (ownIndent !== null) ctx.indent = ownIndent;
    else if (Number.isInteger(ariaLevel) && ariaLevel > 0) ctx.indent = clamp(ariaLevel - 1);
    else ctx.indent = clamp(outer.listDepth);
    return ctx;
  }
  const level = headingLevel(tag);
  if (level !== null && !inList) {
    ctx.format = { type: 'heading', level };
    ctx.indent = ownIndent ?? 0;
    return ctx;
  }
  if (tag === 'blockquote' && !inList) {
    ctx.format = { type: 'block-quote' };
    ctx.indent = ownIndent ?? 0;
    return ctx;
  }
  // Neutral blocks (p, div, td ...) take the line format around them.
  if (ownIndent !== null) ctx.indent = ownIndent;
  return ctx;
}

class HtmlReader {
  private readonly lines: Line[] = [];
  private current: Line | null = null;

  constructor(private readonly options: ReaderOptions = {}) {}

  finish(): Line[] {
    this.closeLine();
    return this.lines;
  }

  readChildren(parent: Node, ctx: Context): void {
    for (const child of Array.from(parent.childNodes)) this.read(child, ctx);
  }

  private read(node: Node, ctx: Context): void {
    if (node.nodeType === 3 /* TEXT_NODE */) {
      this.text((node as Text).data, ctx);
      return;
    }
    if (node.nodeType !== 1 /* ELEMENT_NODE */) return;
    const element = node as Element;
    const tag = element.localName.toLowerCase();
    const rule = readRuleFor(element, tag);
    // A player's frame or clip, which ordinary reading skips, is read by its block's rule first.
    if (rule && SKIPPED.has(tag) && this.readBlock(rule, element, ctx)) return;
    if (SKIPPED.has(tag) || /^(v|w|m|xml):/.test(tag) || isHidden(element)) return;
    if (tag === 'br') {
      this.lineFor(ctx).forced = true;
      this.push({ kind: 'text', text: '\n', marks: ctx.marks, link: ctx.link, isBreak: true }, ctx);
      return;
    }
    if (tag === 'img') {
      this.image(element, ctx);
      return;
    }
    if (rule && this.readBlock(rule, element, ctx)) return;
    if (tag === 'pre' || element.classList.contains('ql-code-block-container')) {
      this.code(element);
      return;
    }
    if (BLOCK_TAGS.has(tag) || element.hasAttribute('data-rte-list')) {
      this.closeLine();
      this.readChildren(element, blockContext(element, tag, ctx));
      this.closeLine();
      return;
    }
    const inner: Context = {
      ...ctx,
      marks: marksFor(element, tag, ctx.marks),
      preserveSpace: preservesSpace(element, ctx.preserveSpace),
    };
    if (tag === 'a') {
      const href = element.getAttribute('href');
      if (href !== null && href.trim() !== '') {
        inner.link = { url: safeLinkUrl(href), newTab: element.getAttribute('target') === '_blank' };
      }
    }
    this.readChildren(element, inner);
  }

  /** Reads an element by a block's rules (the first that takes it); false when it is ordinary content. */
  private readBlock(first: BlockReadRule, element: Element, ctx: Context): boolean {
    const place: ReadPlace = {
      inCell: this.options.inCell === true,
      inParagraph: ctx.format.type === 'paragraph',
      inLink: ctx.link !== null,
      inList: ctx.listType !== null,
    };
    const reader: RuleReader = {
      inlineContent: (content, options = {}) =>
        this.inlineContent(content, {
          ...ctx,
          marks: options.ownMarks ? marksFor(content, content.localName.toLowerCase(), ctx.marks) : ctx.marks,
          preserveSpace: options.preserveSpace ?? ctx.preserveSpace,
        }),
      image: (img) => this.imageOf(img),
      footnote: (id) => this.options.footnotes?.get(id) ?? '',
    };
    for (let rule: BlockReadRule | undefined = first; rule; rule = nextReadRule(rule, element)) {
      const result = rule.read(element, place, reader);
      if (result === 'next') continue;
      if (result === 'content') return false;
      if (result === 'drop') return true;
      if (isInlineElement(result)) this.lineFor(ctx).items.push({ kind: 'object', node: result });
      else this.pushBlock(result);
      return true;
    }
    return false;
  }

  private text(data: string, ctx: Context): void {
    // Whitespace between blocks (source indentation) is not content.
    if (this.current === null && !/[^ \t\n\r\f]/.test(data)) return;
    if (ctx.preserveSpace) {
      // Kept as written: a newline is a line break, a tab a space.
      data
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .forEach((part, index) => {
          if (index > 0) this.push({ kind: 'text', text: '\n', marks: ctx.marks, link: ctx.link, isBreak: true }, ctx);
          if (part)
            this.push(
              {
                kind: 'text',
                text: part.replace(/\t/g, ' '),
                marks: ctx.marks,
                link: ctx.link,
                isBreak: false,
                preserve: true,
              },
              ctx,
            );
        });
      return;
    }
    this.push({ kind: 'text', text: data, marks: ctx.marks, link: ctx.link, isBreak: false }, ctx);
  }

  private image(element: Element, ctx: Context): void {
    const image = this.imageOf(element);
    if (image) this.lineFor(ctx).items.push({ kind: 'object', node: image });
  }

  private pushBlock(block: TopLevelElement): void {
    this.closeLine();
    this.lines.push({ format: { type: 'paragraph' }, indent: 0, items: [], forced: false, block });
  }

  /** The inline content of an element read as one line (its lines joined by line breaks). */
  private inlineContent(element: Element, ctx: Context): InlineNode[] {
    const reader = new HtmlReader({ ...this.options, inCell: true });
    reader.readChildren(element, { ...ROOT_CONTEXT, marks: ctx.marks, preserveSpace: ctx.preserveSpace });
    const lines = reader
      .finish()
      .map((line) => ({ line, items: collapseWhiteSpace(line.items) }))
      .filter(({ line, items }) => hasContent(items) || line.forced);
    // Empty paragraphs at the edges of a cell (Word's `<o:p>&nbsp;</o:p>`) show nothing there. Content
    // without paragraphs (the editor's own block lines, a table cell, a callout, a poem line: a non-breaking space alone,
    // a line break and a space) is kept as written.
    const blank = (items: Item[]) => !items.some((item) => item.kind === 'object' || /[^\s\u00a0]/.test(item.text));
    if (element.querySelector(':scope > :is(p, div, h1, h2, h3, h4, h5, h6, ul, ol, blockquote)')) {
      while (lines.length > 0 && blank(lines[lines.length - 1].items)) lines.pop();
      while (lines.length > 0 && blank(lines[0].items)) lines.shift();
    }
    const items: Item[] = [];
    for (const { items: lineItems } of lines) {
      if (items.length > 0) items.push({ kind: 'text', text: '\n', marks: {}, link: null, isBreak: true });
      items.push(...lineItems);
    }
    return inlineChildren(items);
  }

  /** An `<img>` as an image node, or null when its source is refused. */
  private imageOf(element: Element): ImageElement | null {
    const src = element.getAttribute('src') ?? '';
    const unloadable = this.options.keepUnloadableImages === true && UNLOADABLE_SOURCE.test(src);
    const url = unloadable ? UNLOADABLE_IMAGE_PLACEHOLDER : safeImageUrl(src);
    if (!url) return null;
    const image: ImageElement = { type: 'image', url, children: [{ text: '' }] };
    if (unloadable) image.pending = UNLOADABLE_IMAGE;
    const alt = element.getAttribute('alt');
    if (alt && alt.trim()) image.alt = alt.normalize('NFC');
    for (const dimension of ['width', 'height'] as const) {
      const value = element.getAttribute(dimension);
      if (value && /^\d{1,5}$/.test(value.trim()) && Number(value) > 0) image[dimension] = Number(value);
    }
    return image;
  }

  /** A `<pre>` (or a Quill 2 code container): its text, line by line, in one code block. */
  private code(element: Element): void {
    this.closeLine();
    const codeChild = element.querySelector(':scope > code');
    const language =
      declaredCodeLanguage(element) ??
      (codeChild ? declaredCodeLanguage(codeChild) : null) ??
      (element.firstElementChild ? declaredCodeLanguage(element.firstElementChild) : null) ??
      DEFAULT_CODE_LANGUAGE;
    let text = codeText(element).replace(/\r\n?/g, '\n');
    // A browser shows no empty line for one final newline in a <pre>.
    if (text.endsWith('\n')) text = text.slice(0, -1);
    for (const lineText of text.split('\n')) {
      this.lines.push({
        format: { type: 'code-line', language },
        indent: 0,
        items: [{ kind: 'text', text: lineText, marks: {}, link: null, isBreak: false }],
        forced: true,
      });
    }
  }

  private lineFor(ctx: Context): Line {
    return this.current ?? this.openLine(ctx);
  }

  private openLine(ctx: Context): Line {
    this.current = { format: ctx.format, indent: ctx.indent, items: [], forced: false };
    return this.current;
  }

  private push(item: Item, ctx: Context): void {
    this.lineFor(ctx).items.push(item);
  }

  private closeLine(): void {
    if (this.current) this.lines.push(this.current);
    this.current = null;
  }
}

/** The text of a code element: `<br>` and block children are line breaks. */
function codeText(element: Element): string {
  let text = '';
  const walk = (node: Node): void => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) text += (child as Text).data;
      else if (child.nodeType === 1) {
        const el = child as Element;
        const tag = el.localName.toLowerCase();
        if (SKIPPED.has(tag) || el.classList.contains('ql-ui')) continue;
        if (tag === 'br') {
          text += '\n';
          continue;
        }
        const isBlock = BLOCK_TAGS.has(tag) && tag !== 'pre';
        if (isBlock && text !== '' && !text.endsWith('\n')) text += '\n';
        walk(el);
        if (isBlock && !text.endsWith('\n')) text += '\n';
      }
    }
  };
  walk(element);
  return text;
}

const COLLAPSIBLE = /[ \t\n\r\f]+/g;

/**
 * What a browser shows of a line's text: runs of white space are one space, none at the start or
 * end of a line or around a line break, and a final `<br>` makes no empty line. Non-breaking spaces
 * are kept.
 */
function collapseWhiteSpace(items: Item[]): Item[] {
  const out: Item[] = [];
  let afterSpace = true; // at the start of a line, leading white space goes
  const trimTrailingSpace = (): void => {
    for (let i = out.length - 1; i >= 0; i--) {
      const item = out[i];
      if (item.kind !== 'text') return;
      if (item.text === '') continue;
      if (item.text.endsWith(' ') && !item.isBreak && !item.preserve) item.text = item.text.slice(0, -1);
      return;
    }
  };
  for (const item of items) {
    if (item.kind === 'object') {
      out.push(item);
      afterSpace = false;
      continue;
    }
    if (item.isBreak) {
      trimTrailingSpace();
      out.push({ ...item });
      afterSpace = true;
      continue;
    }
    if (item.preserve) {
      out.push({ ...item });
      if (item.text !== '') afterSpace = item.text.endsWith(' ');
      continue;
    }
    let text = item.text.replace(COLLAPSIBLE, ' ');
    if (afterSpace && text.startsWith(' ')) text = text.slice(1);
    if (text !== '') afterSpace = text.endsWith(' ');
    out.push({ ...item, text });
  }
  trimTrailingSpace();
  // A final line break shows nothing: `a<br>` is one line, `a<br><br>` ends with an empty one.
  for (let i = out.length - 1; i >= 0; i--) {
    const item = out[i];
    if (item.kind === 'text' && item.text === '') continue;
    if (item.kind === 'text' && item.isBreak) out.splice(i, 1);
    break;
  }
  return out;
}

function toText(item: Extract<Item, { kind: 'text' }>): FormattedText {
  return { text: item.text.normalize('NFC'), ...item.marks };
}

/** The inline children of a line: text leaves, links around their leaves, images. */
function inlineChildren(items: Item[]): InlineNode[] {
  const children: InlineNode[] = [];
  let openLink: { target: LinkTarget; element: LinkElement } | null = null;
  for (const item of items) {
    if (item.kind === 'object') {
      openLink = null;
      children.push(item.node);
      continue;
    }
    if (item.text === '') continue;
    if (item.link) {
      if (!openLink || openLink.target !== item.link) {
        const element: LinkElement = { type: 'link', url: item.link.url, children: [] };
        if (item.link.newTab) element.newTab = true;
        openLink = { target: item.link, element };
        children.push(element);
      }
      openLink.element.children.push(toText(item));
    } else {
      openLink = null;
      children.push(toText(item));
    }
  }
  return children.length ? children : [{ text: '' }];
}

function hasContent(items: Item[]): boolean {
  return items.some((item) => item.kind === 'object' || item.text !== '');
}

function linesToBlocks(lines: Line[]): TopLevelElement[] {
  const blocks: TopLevelElement[] = [];
  for (const line of lines) {
    if (line.block) {
      blocks.push(line.block);
      continue;
    }
    const { format } = line;
    if (format.type === 'code-line') {
      const text = line.items.map((item) => (item.kind === 'text' ? item.text : '')).join('');
      const codeLine = { type: 'code-line' as const, children: [{ text: text.normalize('NFC') }] };
      const last = blocks[blocks.length - 1];
      if (last?.type === 'code-block' && last.language === format.language) last.children.push(codeLine);
      else
        blocks.push({ type: 'code-block', language: format.language, children: [codeLine] } satisfies CodeBlockElement);
      continue;
    }
    const items = collapseWhiteSpace(line.items);
    if (!hasContent(items) && !line.forced) continue;
    const children = inlineChildren(items);
    const indent = line.indent > 0 ? { indent: line.indent } : {};
    if (format.type === 'list-item') {
      const item: ListItemElement = { type: 'list-item', ...indent, children };
      const last = blocks[blocks.length - 1];
      if (last?.type === format.listType) last.children.push(item);
      else blocks.push({ type: format.listType, children: [item] });
    } else if (format.type === 'heading') {
      blocks.push({ type: 'heading', level: format.level, ...indent, children });
    } else {
      blocks.push({ type: format.type, ...indent, children });
    }
  }
  return blocks;
}
