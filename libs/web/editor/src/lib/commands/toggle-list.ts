import type { CustomEditor, ListType } from '../custom-types';
import { isListActive } from './queries';
import { setLineType } from './set-line-type';

/** The selected lines become items of a bulleted or numbered list, or paragraphs if they already are. */
export function toggleList(editor: CustomEditor, listType: ListType): void {
  setLineType(editor, isListActive(editor, listType) ? { type: 'paragraph' } : { type: 'list-item', listType });
}
