import { Editor, Transforms } from 'slate';
import type { CustomEditor } from '../custom-types';
import { isRule } from '../nodes';

/** A horizontal rule is a void block; Enter on a selected rule opens a line below it. */
export function withRules<T extends CustomEditor>(editor: T): T {
  const { isVoid, insertBreak } = editor;
  editor.isVoid = (element) => element.type === 'rule' || isVoid(element);
  editor.insertBreak = () => {
    const rule = editor.selection && Editor.above(editor, { at: editor.selection, match: isRule, voids: true });
    if (!rule) {
      insertBreak();
      return;
    }
    const at = [rule[1][0] + 1];
    Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] }, { at, select: true });
  };
  return editor;
}
