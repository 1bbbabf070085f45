import { Editor, Node, Transforms, type BaseRange, type Point } from 'slate';
import type { CustomEditor } from '../custom-types';
import { createRichTextEditor, type CreateRichTextEditorOptions } from '../create-editor';
import { htmlToSlate } from '../serialization/html-to-slate';
import { slateToHtml } from '../serialization/slate-to-html';

/** Test helpers: an editor holding `html`, its HTML, and selections found by text. */

export function editorWith(html: string, options?: CreateRichTextEditorOptions): CustomEditor {
  const editor = createRichTextEditor(options);
  editor.children = htmlToSlate(html);
  Editor.normalize(editor, { force: true });
  return editor;
}

export const htmlOf = (editor: CustomEditor): string => slateToHtml(editor.children);

/** The point at `offset` characters into the first occurrence of `text` in the document. */
export function pointIn(editor: CustomEditor, text: string, offset = 0): Point {
  for (const [node, path] of Node.texts(editor)) {
    const index = node.text.indexOf(text);
    if (index >= 0) return { path, offset: index + offset };
  }
  throw new Error(`"${text}" is not in the document`);
}

/** Selects the first occurrence of `text` (which must sit in one text node). */
export function selectText(editor: CustomEditor, text: string): BaseRange {
  const anchor = pointIn(editor, text);
  const range = { anchor, focus: { path: anchor.path, offset: anchor.offset + text.length } };
  Transforms.select(editor, range);
  return range;
}

/** Puts the cursor just before (`edge` start) or after (`edge` end) the first occurrence of `text`. */
export function cursorAt(editor: CustomEditor, text: string, edge: 'start' | 'end' = 'end'): void {
  Transforms.select(editor, pointIn(editor, text, edge === 'end' ? text.length : 0));
}

/** Selects from the start of the first text to the end of the second. */
export function selectBetween(editor: CustomEditor, from: string, to: string): void {
  Transforms.select(editor, { anchor: pointIn(editor, from), focus: pointIn(editor, to, to.length) });
}
