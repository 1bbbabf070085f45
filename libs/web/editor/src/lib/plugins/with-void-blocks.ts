import { Editor, Element, Transforms } from 'slate';
import type { CustomEditor } from '../custom-types';
import { VOID_BLOCK_TYPES } from '../blocks/registry';

const isVoidBlock = (node: unknown): boolean => Element.isElement(node) && VOID_BLOCK_TYPES.has(node.type);

/** The void blocks of the registry are void; Enter on a selected one opens a line below it. */
export function withVoidBlocks<T extends CustomEditor>(editor: T): T {
  const { isVoid, insertBreak } = editor;
  editor.isVoid = (element) => VOID_BLOCK_TYPES.has(element.type) || isVoid(element);
  editor.insertBreak = () => {
    const block = editor.selection && Editor.above(editor, { at: editor.selection, match: isVoidBlock, voids: true });
    if (!block) {
      insertBreak();
      return;
    }
    Transforms.insertNodes(
      editor,
      { type: 'paragraph', children: [{ text: '' }] },
      { at: [block[1][0] + 1], select: true },
    );
  };
  return editor;
}
