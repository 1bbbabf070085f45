import type { CustomEditor, HeadingLevel } from '../custom-types';
import { setLineType } from './set-line-type';

/** The selected lines become headings of `level`, or paragraphs for 0. */
export function setHeading(editor: CustomEditor, level: HeadingLevel | 0): void {
  setLineType(editor, level === 0 ? { type: 'paragraph' } : { type: 'heading', level });
}
