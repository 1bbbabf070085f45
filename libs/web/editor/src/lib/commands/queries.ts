import { Editor, Range } from 'slate';
import type { CodeLanguage } from '@blog/shared/html';
import type { CustomEditor, HeadingLevel, LinkElement, ListType, MarkFormat } from '../custom-types';
import { clampIndent, isLink, parentCodeBlock, parentList, selectedTextBlocks } from '../nodes';

/** What the toolbar shows: the state of the selection. */

export function isMarkActive(editor: CustomEditor, format: MarkFormat): boolean {
  const marks = Editor.marks(editor);
  return marks?.[format] === true;
}

/** The colour of the selection (or of what will be typed), or null. */
export function activeColor(editor: CustomEditor): string | null {
  return Editor.marks(editor)?.color ?? null;
}

/** The kind shared by every selected line, or null when they differ (or nothing is selected). */
export type LineKind =
  | { type: 'paragraph' }
  | { type: 'heading'; level: HeadingLevel }
  | { type: 'block-quote' }
  | { type: 'list-item'; listType: ListType }
  | { type: 'code-line'; language: CodeLanguage };

export function activeLineKind(editor: CustomEditor): LineKind | null {
  const lines = selectedTextBlocks(editor);
  let kind: LineKind | null = null;
  for (const [line, path] of lines) {
    let next: LineKind;
    if (line.type === 'heading') next = { type: 'heading', level: line.level };
    else if (line.type === 'list-item')
      next = { type: 'list-item', listType: parentList(editor, path)?.[0].type ?? 'bulleted-list' };
    else if (line.type === 'code-line')
      next = { type: 'code-line', language: parentCodeBlock(editor, path)?.[0].language ?? 'plain' };
    else next = { type: line.type };
    if (kind === null) kind = next;
    else if (JSON.stringify(kind) !== JSON.stringify(next)) return null;
  }
  return kind;
}

export function isListActive(editor: CustomEditor, listType: ListType): boolean {
  const kind = activeLineKind(editor);
  return kind?.type === 'list-item' && kind.listType === listType;
}

export function isLineTypeActive(editor: CustomEditor, type: 'block-quote' | 'code-line' | 'paragraph'): boolean {
  return activeLineKind(editor)?.type === type;
}

/** The heading level of the selected lines (0 for lines that are no heading), or null when they differ. */
export function activeHeadingLevel(editor: CustomEditor): HeadingLevel | 0 | null {
  const levels = new Set(selectedTextBlocks(editor).map(([line]) => (line.type === 'heading' ? line.level : 0)));
  return levels.size === 1 ? ([...levels][0] as HeadingLevel | 0) : null;
}

/** The indent level of the first selected line. */
export function activeIndent(editor: CustomEditor): number {
  const [first] = selectedTextBlocks(editor);
  return first && 'indent' in first[0] ? clampIndent(first[0].indent) : 0;
}

/** The link the selection is in (its start), if any. */
export function activeLink(editor: CustomEditor): [LinkElement, number[]] | null {
  const { selection } = editor;
  if (!selection) return null;
  const [entry] = Editor.nodes<LinkElement>(editor, { at: Range.start(selection), match: (node) => isLink(node) });
  if (entry) return entry;
  const [inRange] = Editor.nodes<LinkElement>(editor, { at: selection, match: (node) => isLink(node) });
  return inRange ?? null;
}
