import { Editor, Range, Transforms } from 'slate';
import type { CustomEditor, ParagraphElement, TextBlockElement } from '../custom-types';
import { clampIndent, isIndentable, isTextBlock, parentCodeBlock } from '../nodes';
import { setLineType } from '../commands/set-line-type';

/**
 * Backspace at the very start of a line removes its line format before merging lines, as in Quill
 * and word processors: an indented line is outdented, a list item or quote line becomes a paragraph,
 * and an empty code block with a single line becomes a paragraph.
 */
export function withBackspace<T extends CustomEditor>(editor: T): T {
  const { deleteBackward } = editor;

  editor.deleteBackward = (unit) => {
    const { selection } = editor;
    const entry =
      selection && Range.isCollapsed(selection)
        ? Editor.above<TextBlockElement>(editor, { match: isTextBlock })
        : undefined;
    if (selection && entry && Editor.isStart(editor, selection.anchor, entry[1])) {
      const [line, path] = entry;
      if (isIndentable(line) && clampIndent(line.indent) > 0) {
        const indent = clampIndent(line.indent) - 1;
        if (indent === 0) Transforms.unsetNodes(editor, 'indent', { at: path });
        else Transforms.setNodes(editor, { indent }, { at: path });
        return;
      }
      if (line.type === 'list-item') {
        setLineType(editor, { type: 'paragraph' }, path);
        return;
      }
      if (line.type === 'block-quote') {
        Transforms.setNodes<ParagraphElement>(editor, { type: 'paragraph' }, { at: path });
        return;
      }
      if (line.type === 'code-line') {
        const code = parentCodeBlock(editor, path);
        if (code && code[0].children.length === 1 && Editor.isEmpty(editor, line)) {
          setLineType(editor, { type: 'paragraph' }, path);
          return;
        }
      }
    }
    deleteBackward(unit);
  };

  return editor;
}
