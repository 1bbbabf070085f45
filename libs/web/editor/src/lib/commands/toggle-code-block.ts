import type { CodeLanguage } from '@blog/shared/html';
import type { CustomEditor } from '../custom-types';
import { isLineTypeActive } from './queries';
import { setLineType } from './set-line-type';

/** The selected lines become one code block (plain text by default), or paragraphs if they already are code. */
export function toggleCodeBlock(editor: CustomEditor, language?: CodeLanguage): void {
  setLineType(editor, isLineTypeActive(editor, 'code-line') ? { type: 'paragraph' } : { type: 'code-line', language });
}
