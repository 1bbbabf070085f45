import { Editor, Element, Transforms } from 'slate';
import type { CustomEditor, CustomElementType } from '../custom-types';

/** The top-level blocks that hold no text of the document: a rule, a video, an audio clip, a vocabulary list, a gallery. */
const VOID_BLOCKS = new Set<CustomElementType>(['rule', 'video', 'audio', 'vocabulary', 'gallery']);

const isVoidBlock = (node: unknown): boolean => Element.isElement(node) && VOID_BLOCKS.has(node.type);

/** Rules, videos, audio clips, vocabulary lists and galleries are void blocks; Enter on a selected one opens a line below it. */
export function withVoidBlocks<T extends CustomEditor>(editor: T): T {
  const { isVoid, insertBreak } = editor;
  editor.isVoid = (element) => VOID_BLOCKS.has(element.type) || isVoid(element);
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
