import { Editor, Range, Transforms, type Location } from 'slate';
import type { CodeBlockElement, CustomEditor, HeadingLevel, ListType, TextBlockElement } from '../custom-types';
import { DEFAULT_CODE_LANGUAGE } from '../constants';
import { isCodeBlock, isList, isListItem, isCodeLine, isTextBlock } from '../nodes';
import type { CodeLanguage } from '@blog/shared/html';

/** What a line can be. */
export type LineType =
  | { type: 'paragraph' }
  | { type: 'heading'; level: HeadingLevel }
  | { type: 'block-quote' }
  | { type: 'list-item'; listType: ListType }
  | { type: 'code-line'; language?: CodeLanguage };

/**
 * Makes every line the selection (or `at`) touches a line of `target`: lines leave the lists and code
 * blocks they were in (splitting them at the selection's edges), take the new type, and, for list
 * items and code lines, are wrapped in one new list or code block. Neighbouring lists of a type and
 * code blocks of a language are joined by normalisation.
 */
export function setLineType(editor: CustomEditor, target: LineType, at: Location | null = editor.selection): void {
  if (!at) return;
  const ref = Editor.rangeRef(editor, Editor.range(editor, at), { affinity: 'inward' });
  Editor.withoutNormalizing(editor, () => {
    const range = (): Range | null => ref.current;
    const current = range();
    if (!current) return;
    Transforms.unwrapNodes(editor, {
      at: current,
      match: (node) => isList(node) || isCodeBlock(node),
      split: true,
      mode: 'all',
    });
    const lines = { at: range() ?? undefined, match: (node: unknown) => isTextBlock(node), mode: 'lowest' as const };
    switch (target.type) {
      case 'heading':
        Transforms.setNodes<TextBlockElement>(editor, { type: 'heading', level: target.level }, lines);
        break;
      case 'code-line':
        Transforms.setNodes<TextBlockElement>(editor, { type: 'code-line' }, lines);
        Transforms.unsetNodes(editor, ['level', 'indent'], lines);
        break;
      default:
        Transforms.setNodes<TextBlockElement>(editor, { type: target.type }, lines);
        Transforms.unsetNodes(editor, 'level', lines);
    }
    const wrapAt = range();
    if (!wrapAt) return;
    if (target.type === 'list-item') {
      Transforms.wrapNodes(editor, { type: target.listType, children: [] }, { at: wrapAt, match: isListItem });
    } else if (target.type === 'code-line') {
      const language = target.language ?? DEFAULT_CODE_LANGUAGE;
      Transforms.wrapNodes(editor, { type: 'code-block', language, children: [] } as CodeBlockElement, {
        at: wrapAt,
        match: isCodeLine,
      });
    }
  });
  ref.unref();
}
