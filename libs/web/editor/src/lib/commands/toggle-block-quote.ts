import type { CustomEditor } from '../custom-types';
import { isLineTypeActive } from './queries';
import { setLineType } from './set-line-type';

/** The selected lines become quote lines, or paragraphs if they already are. */
export function toggleBlockQuote(editor: CustomEditor): void {
  setLineType(editor, isLineTypeActive(editor, 'block-quote') ? { type: 'paragraph' } : { type: 'block-quote' });
}
