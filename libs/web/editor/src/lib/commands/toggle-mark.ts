import { Editor } from 'slate';
import type { CustomEditor, MarkFormat } from '../custom-types';
import { isCodeLine, selectedTextBlocks } from '../nodes';
import { isMarkActive } from './queries';

/** Bold, italic, underline or strikethrough on the selection (or on what is typed next), or off again. */
export function toggleMark(editor: CustomEditor, format: MarkFormat): void {
  if (!editor.selection) return;
  if (isMarkActive(editor, format)) {
    Editor.removeMark(editor, format);
    return;
  }
  // Code takes no marks.
  const lines = selectedTextBlocks(editor);
  if (lines.length > 0 && lines.every(([line]) => isCodeLine(line))) return;
  Editor.addMark(editor, format, true);
}
