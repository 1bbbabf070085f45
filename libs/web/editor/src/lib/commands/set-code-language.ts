import { Editor, Transforms, type Location } from 'slate';
import type { CodeLanguage } from '@blog/shared/html';
import type { CodeBlockElement, CustomEditor } from '../custom-types';
import { isCodeBlock, isCodeLanguage } from '../nodes';

/** The language of the code blocks the selection (or `at`, e.g. a code block's path) touches. */
export function setCodeLanguage(
  editor: CustomEditor,
  language: CodeLanguage,
  at: Location | null = editor.selection,
): void {
  if (!at || !isCodeLanguage(language)) return;
  Editor.withoutNormalizing(editor, () => {
    Transforms.setNodes<CodeBlockElement>(editor, { language }, { at, match: isCodeBlock, mode: 'all' });
  });
}
