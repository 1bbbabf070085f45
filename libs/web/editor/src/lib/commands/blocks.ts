import { Editor, Range, Text, Transforms } from 'slate';
import { ReactEditor } from 'slate-react';
import type { CustomEditor, InlineLanguage, InlineNode, PoemElement, TextBlockElement } from '../custom-types';
import { isPoem, isPoemLine, selectedTextBlocks } from '../nodes';
import { insertTopLevelBlock } from './insert-block';

/** A horizontal rule after the caret's block (or in place of an empty line). */
export function insertRule(editor: CustomEditor): void {
  const [at] = insertTopLevelBlock(editor, { type: 'rule', children: [{ text: '' }] });
  Transforms.select(editor, Editor.start(editor, [at + 1]));
}

export const activePoem = (editor: CustomEditor): [PoemElement, number[]] | null =>
  (editor.selection && Editor.above<PoemElement>(editor, { match: isPoem })) || null;

/**
 * A poem: the selected top-level lines become its lines (their line breaks more lines), or an empty
 * poem is inserted; in a poem, its lines become paragraphs again.
 */
export function togglePoem(editor: CustomEditor): void {
  const poem = activePoem(editor);
  if (poem) {
    Editor.withoutNormalizing(editor, () => {
      Transforms.setNodes<TextBlockElement>(
        editor,
        { type: 'paragraph' },
        { at: poem[1], match: isPoemLine, mode: 'lowest' },
      );
      Transforms.unwrapNodes(editor, { at: poem[1] });
    });
    return;
  }
  const lines = selectedTextBlocks(editor).filter(([line, path]) => path.length === 1 && line.type !== 'code-line');
  if (lines.length > 0) {
    const children = lines.map(([line]) => ({ type: 'poem-line' as const, children: line.children as InlineNode[] }));
    const first = lines[0][1][0];
    Editor.withoutNormalizing(editor, () => {
      for (const [, path] of [...lines].reverse()) Transforms.removeNodes(editor, { at: path });
      Transforms.insertNodes(editor, { type: 'poem', children } satisfies PoemElement, { at: [first] });
    });
    Transforms.select(editor, Editor.end(editor, [first]));
    return;
  }
  const [at] = insertTopLevelBlock(editor, {
    type: 'poem',
    children: [{ type: 'poem-line', children: [{ text: '' }] }],
  });
  Transforms.select(editor, Editor.start(editor, [at]));
}

export function setPoemField(editor: CustomEditor, path: number[], field: 'title' | 'author', value: string): void {
  if (value === '') Transforms.unsetNodes(editor, field, { at: path });
  else Transforms.setNodes<PoemElement>(editor, { [field]: value }, { at: path });
}

export function togglePoemCentered(editor: CustomEditor): void {
  const poem = activePoem(editor);
  if (!poem) return;
  if (poem[0].centered) Transforms.unsetNodes(editor, 'centered', { at: poem[1] });
  else Transforms.setNodes<PoemElement>(editor, { centered: true }, { at: poem[1] });
}

/** The language of the selection: the one every selected run carries, or null. */
export function activeLanguage(editor: CustomEditor): InlineLanguage | null {
  return Editor.marks(editor)?.lang ?? null;
}

/**
 * The editor's selection taken from the page's when that is a range in the text: the editor follows
 * the page's selection only after a moment, and a word just selected with the keyboard is meant.
 */
function followDomSelection(editor: CustomEditor): void {
  if (typeof window === 'undefined') return;
  const dom = window.getSelection();
  if (!dom || dom.rangeCount === 0 || dom.isCollapsed || !dom.anchorNode) return;
  try {
    if (!ReactEditor.hasDOMNode(editor, dom.anchorNode, { editable: true })) return;
    const range = ReactEditor.toSlateRange(editor, dom, { exactMatch: false, suppressThrow: true });
    if (range) Transforms.select(editor, range);
  } catch {
    // Not a selection of this editor's text: its own selection stands.
  }
}

/** Marks the selection as English or Vietnamese (`<span lang>`), or unmarks it (null). */
export function setLanguage(editor: CustomEditor, lang: InlineLanguage | null): void {
  followDomSelection(editor);
  if (!editor.selection) return;
  if (Range.isCollapsed(editor.selection)) {
    if (lang) Editor.addMark(editor, 'lang', lang);
    else Editor.removeMark(editor, 'lang');
    return;
  }
  if (lang) Transforms.setNodes(editor, { lang }, { match: Text.isText, split: true });
  else Transforms.unsetNodes(editor, 'lang', { match: Text.isText, split: true });
}
