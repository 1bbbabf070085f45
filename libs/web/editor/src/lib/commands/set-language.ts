import { Editor, Range, Text, Transforms } from 'slate';
import { ReactEditor } from 'slate-react';
import type { CustomEditor, InlineLanguage } from '../custom-types';

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
