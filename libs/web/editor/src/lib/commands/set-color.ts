import { Editor } from 'slate';
import type { CustomEditor } from '../custom-types';
import { normalizeColor } from '../serialization/css';

/** A text colour on the selection (or on what is typed next); null removes it. */
export function setColor(editor: CustomEditor, color: string | null): void {
  if (!editor.selection) return;
  const value = color === null ? null : normalizeColor(color);
  if (value === null) Editor.removeMark(editor, 'color');
  else Editor.addMark(editor, 'color', value);
}
