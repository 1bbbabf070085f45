import { Editor, Path, Transforms } from 'slate';
import type { CustomEditor } from '../../custom-types';
import { isFootnote, type FootnoteElement } from './footnote';

/** A footnote at the caret (after the selection), selected so that its text field opens. */
export function insertFootnote(editor: CustomEditor): void {
  if (!editor.selection) return;
  Transforms.collapse(editor, { edge: 'end' });
  Transforms.insertNodes(editor, { type: 'footnote', note: '', children: [{ text: '' }] } satisfies FootnoteElement);
  const inserted = Editor.previous(editor, { match: isFootnote, voids: true });
  if (inserted) Transforms.select(editor, inserted[1]);
}

export function setFootnoteText(editor: CustomEditor, path: Path, note: string): void {
  Transforms.setNodes<FootnoteElement>(editor, { note }, { at: path, voids: true });
}

/** The footnote's number: its place among the document's footnotes, from 1. */
export function footnoteNumber(editor: CustomEditor, path: Path): number {
  let number = 0;
  for (const [, at] of Editor.nodes(editor, { at: [], match: isFootnote, voids: true })) {
    number += 1;
    if (Path.equals(at, path)) return number;
  }
  return number;
}
