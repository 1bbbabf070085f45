import { Editor, Range, Text, Transforms } from 'slate';
import type { CustomEditor, MarkFormat } from '../custom-types';
import { isLink, selectedTextBlocks } from '../nodes';
import { setLineType } from './set-line-type';

const MARKS: Array<MarkFormat | 'color'> = ['bold', 'italic', 'underline', 'strike', 'color'];

/**
 * Quill's "clean": the selection loses its marks, colours and links, and the lines it touches become
 * plain, unindented paragraphs. Images stay. With a collapsed selection, the current line is reset and
 * what is typed next carries no marks.
 */
export function clearFormatting(editor: CustomEditor): void {
  const { selection } = editor;
  if (!selection) return;
  Editor.withoutNormalizing(editor, () => {
    if (Range.isExpanded(selection)) {
      Transforms.unsetNodes(editor, MARKS, { match: Text.isText, split: true });
      Transforms.unwrapNodes(editor, { match: isLink, split: true });
    } else {
      for (const mark of MARKS) Editor.removeMark(editor, mark);
    }
    const lines = selectedTextBlocks(editor);
    if (lines.some(([line]) => line.type !== 'paragraph')) setLineType(editor, { type: 'paragraph' });
    for (const [, path] of selectedTextBlocks(editor)) Transforms.unsetNodes(editor, 'indent', { at: path });
  });
}
