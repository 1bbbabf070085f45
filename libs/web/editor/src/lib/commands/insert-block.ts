import { Editor, Element, Node, Transforms } from 'slate';
import type { CustomEditor, TopLevelElement } from '../custom-types';

/**
 * Puts a top-level block where the caret is: in place of an empty paragraph, else after the caret's
 * block; a paragraph follows it when it ends the document (so that writing can go on below it).
 * Returns the block's path.
 */
export function insertTopLevelBlock(editor: CustomEditor, block: TopLevelElement): number[] {
  const index = editor.selection ? editor.selection.anchor.path[0] : editor.children.length - 1;
  const current = editor.children[index];
  const replace =
    Element.isElement(current) &&
    current.type === 'paragraph' &&
    Node.string(current) === '' &&
    current.children.length === 1;
  const at = replace ? index : index + 1;
  Editor.withoutNormalizing(editor, () => {
    if (replace) Transforms.removeNodes(editor, { at: [index] });
    Transforms.insertNodes(editor, block, { at: [at] });
    if (at === editor.children.length - 1)
      Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] }, { at: [at + 1] });
  });
  return [at];
}
