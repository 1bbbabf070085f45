import { Editor, Element, Node, Path, Range } from 'slate';
import { CODE_LANGUAGES, INLINE_LANGUAGES, MAX_INDENT, type CodeLanguage } from '@blog/shared/html';
import type {
  CodeBlockElement,
  CodeLineElement,
  CustomEditor,
  CustomElement,
  FigureElement,
  InlineElement,
  FormattedText,
  HeadingLevel,
  ImageElement,
  InlineLanguage,
  IndentableElement,
  LinkElement,
  ListElement,
  ListItemElement,
  TextBlockElement,
} from './custom-types';
import { isFootnote } from './blocks/footnote/footnote';

/** Type guards and small queries over the document model, shared by plugins, commands and renderers. */

export const isLink = (node: unknown): node is LinkElement => Element.isElement(node) && node.type === 'link';
export const isImage = (node: unknown): node is ImageElement => Element.isElement(node) && node.type === 'image';
export const isFigure = (node: unknown): node is FigureElement => Element.isElement(node) && node.type === 'figure';
/** An image of either kind: inline in a line, or a captioned figure. */
export const isImageOrFigure = (node: unknown): node is ImageElement | FigureElement => isImage(node) || isFigure(node);
export const isInlineElement = (node: unknown): node is InlineElement =>
  isLink(node) || isImage(node) || isFootnote(node);
export const isList = (node: unknown): node is ListElement =>
  Element.isElement(node) && (node.type === 'bulleted-list' || node.type === 'numbered-list');
export const isListItem = (node: unknown): node is ListItemElement =>
  Element.isElement(node) && node.type === 'list-item';
export const isCodeBlock = (node: unknown): node is CodeBlockElement =>
  Element.isElement(node) && node.type === 'code-block';
export const isCodeLine = (node: unknown): node is CodeLineElement =>
  Element.isElement(node) && node.type === 'code-line';

const TEXT_BLOCK_TYPES = new Set<CustomElement['type']>([
  'paragraph',
  'heading',
  'block-quote',
  'list-item',
  'code-line',
]);
const INDENTABLE_TYPES = new Set<CustomElement['type']>(['paragraph', 'heading', 'block-quote', 'list-item']);

/** A line of text: paragraph, heading, quote line, list item or code line. */
export const isTextBlock = (node: unknown): node is TextBlockElement =>
  Element.isElement(node) && TEXT_BLOCK_TYPES.has(node.type);
export const isIndentable = (node: unknown): node is IndentableElement =>
  Element.isElement(node) && INDENTABLE_TYPES.has(node.type);

export const isHeadingLevel = (value: unknown): value is HeadingLevel =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6;
export const isCodeLanguage = (value: unknown): value is CodeLanguage =>
  CODE_LANGUAGES.some((language) => language.value === value);

/** An indent level clamped to 0..MAX_INDENT (0 = none). */
export function clampIndent(value: unknown): number {
  const level = typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : 0;
  return Math.min(MAX_INDENT, Math.max(0, level));
}

const HEX6 = /^#[0-9a-f]{6}$/;
/** The only colour form the model stores: lower-case `#rrggbb`. */
export const isStoredColor = (value: unknown): value is string => typeof value === 'string' && HEX6.test(value);

/** The marks of a text node (everything but its text and decorations). */
export function marksOf(text: FormattedText): Omit<FormattedText, 'text' | 'token'> {
  const marks: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(text)) if (key !== 'text' && key !== 'token') marks[key] = value;
  return marks as Omit<FormattedText, 'text' | 'token'>;
}

/** The text blocks (lines) the selection touches, in document order. */
export function selectedTextBlocks(
  editor: CustomEditor,
  at: Range | null = editor.selection,
): Array<[TextBlockElement, Path]> {
  if (!at) return [];
  return Array.from(
    Editor.nodes<TextBlockElement>(editor, {
      at: Editor.unhangRange(editor, at),
      match: (node) => isTextBlock(node),
      mode: 'lowest',
    }),
  );
}

/** The list (and its path) a list item at `path` belongs to. */
export function parentList(editor: CustomEditor, path: Path): [ListElement, Path] | null {
  if (path.length < 2) return null;
  const parentPath = Path.parent(path);
  const parent = Node.get(editor, parentPath);
  return isList(parent) ? [parent, parentPath] : null;
}

/** The code block (and its path) a code line at `path` belongs to. */
export function parentCodeBlock(editor: CustomEditor, path: Path): [CodeBlockElement, Path] | null {
  if (path.length < 2) return null;
  const parentPath = Path.parent(path);
  const parent = Node.get(editor, parentPath);
  return isCodeBlock(parent) ? [parent, parentPath] : null;
}

/** True when the selection is (at least partly) inside a code block. */
export function isSelectionInCode(editor: CustomEditor): boolean {
  return selectedTextBlocks(editor).some(([block]) => isCodeLine(block));
}

/** The plain text of a code block, lines joined by `\n`. */
export function codeBlockText(block: CodeBlockElement): string {
  return block.children.map((line) => Node.string(line)).join('\n');
}

export const isInlineLanguage = (value: unknown): value is InlineLanguage =>
  INLINE_LANGUAGES.some((language) => language.value === value);
