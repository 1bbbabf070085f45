import { Editor, Node, Path, Range, Transforms } from 'slate';
import type { CodeLineElement, CustomEditor, ParagraphElement, TextBlockElement } from '../custom-types';
import { clampIndent, isTextBlock, parentCodeBlock } from '../nodes';
import { setLineType } from '../commands/set-line-type';

/**
 * Enter and Shift+Enter as in Quill:
 * - Enter after a heading starts a paragraph;
 * - Enter in an empty list item outdents it, or ends the list at level 0; in an empty quote line it
 *   ends the quote;
 * - in code, Enter starts a new code line, and Enter on a third empty line at the end leaves the code
 *   block (the two empty lines go);
 * - Shift+Enter is a line break inside the line (`<br>`), a new line in code.
 */
export function withBreaks<T extends CustomEditor>(editor: T): T {
  const { insertBreak, insertSoftBreak } = editor;

  editor.insertBreak = () => {
    const { selection } = editor;
    const entry =
      selection && Range.isCollapsed(selection)
        ? Editor.above<TextBlockElement>(editor, { match: isTextBlock })
        : undefined;
    if (!selection || !entry) {
      insertBreak();
      return;
    }
    const [line, path] = entry;
    const empty = Editor.isEmpty(editor, line);
    if (line.type === 'list-item' && empty) {
      const indent = clampIndent(line.indent);
      if (indent > 0) Transforms.setNodes(editor, { indent: indent - 1 }, { at: path });
      else setLineType(editor, { type: 'paragraph' }, path);
      return;
    }
    if (line.type === 'block-quote' && empty) {
      Transforms.setNodes<ParagraphElement>(editor, { type: 'paragraph' }, { at: path });
      return;
    }
    if (line.type === 'code-line' && empty && leaveCode(editor, path)) return;
    if (line.type === 'heading' && Editor.isEnd(editor, selection.anchor, path)) {
      insertBreak();
      const next = Editor.above<TextBlockElement>(editor, { match: isTextBlock });
      if (next && next[0].type === 'heading') {
        Transforms.setNodes<ParagraphElement>(editor, { type: 'paragraph' }, { at: next[1] });
        Transforms.unsetNodes(editor, 'level', { at: next[1] });
      }
      return;
    }
    insertBreak();
  };

  editor.insertSoftBreak = () => {
    const line = Editor.above<TextBlockElement>(editor, { match: isTextBlock });
    if (!line || line[0].type === 'code-line') insertSoftBreak();
    else editor.insertText('\n');
  };

  return editor;
}

/** On the last of two or more empty lines ending a code block: drop the empty lines, continue below. */
function leaveCode(editor: CustomEditor, linePath: Path): boolean {
  const code = parentCodeBlock(editor, linePath);
  if (!code) return false;
  const [block, blockPath] = code;
  const index = linePath[linePath.length - 1];
  if (index !== block.children.length - 1 || index < 2) return false;
  const previous = block.children[index - 1] as CodeLineElement;
  if (Node.string(previous) !== '') return false;
  Editor.withoutNormalizing(editor, () => {
    Transforms.removeNodes(editor, { at: [...blockPath, index] });
    Transforms.removeNodes(editor, { at: [...blockPath, index - 1] });
    const paragraphPath = Path.next(blockPath);
    Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] }, { at: paragraphPath });
    Transforms.select(editor, Editor.start(editor, paragraphPath));
  });
  return true;
}
