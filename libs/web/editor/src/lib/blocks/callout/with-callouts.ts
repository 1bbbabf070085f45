import { Editor, Transforms } from 'slate';
import type { CustomEditor } from '../../custom-types';
import { isCallout, isCalloutKind, type CalloutElement } from './callout';

/**
 * A callout is a top-level line of text of one kind (note, tip, warning); Enter is a line break in
 * it, and Enter on an empty last line leaves it (the line break goes).
 */
export function withCallouts<T extends CustomEditor>(editor: T): T {
  const { normalizeNode, insertBreak } = editor;
  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (isCallout(node) && !isCalloutKind(node.kind)) {
      Transforms.setNodes<CalloutElement>(editor, { kind: 'note' }, { at: path });
      return;
    }
    normalizeNode(entry, options);
  };
  editor.insertBreak = () => {
    const callout = editor.selection && Editor.above<CalloutElement>(editor, { match: isCallout });
    if (!callout || !editor.selection) {
      insertBreak();
      return;
    }
    const [node, path] = callout;
    const text = Editor.string(editor, path);
    if (text.endsWith('\n') && Editor.isEnd(editor, editor.selection.anchor, path)) {
      editor.deleteBackward('character');
      Transforms.insertNodes(
        editor,
        { type: 'paragraph', children: [{ text: '' }] },
        { at: [path[0] + 1], select: true },
      );
      return;
    }
    if (node.children.length > 0) editor.insertText('\n');
  };
  return editor;
}
