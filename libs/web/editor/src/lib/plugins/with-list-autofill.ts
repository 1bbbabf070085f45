import { Editor, Range, Transforms } from 'slate';
import type { CustomEditor, ListType, TextBlockElement } from '../custom-types';
import { isTextBlock } from '../nodes';
import { setLineType } from '../commands/set-line-type';

const BULLET = /^[-*]$/;
const NUMBER = /^\d{1,3}[.)]$/;

/** Typing `- `, `* ` or `1. ` at the start of a paragraph makes it a list item, as in Quill. */
export function withListAutofill<T extends CustomEditor>(editor: T): T {
  const { insertText } = editor;

  editor.insertText = (text, options) => {
    const { selection } = editor;
    if (text === ' ' && selection && Range.isCollapsed(selection)) {
      const entry = Editor.above<TextBlockElement>(editor, { match: isTextBlock });
      if (entry && entry[0].type === 'paragraph') {
        const start = Editor.start(editor, entry[1]);
        const before = Editor.string(editor, { anchor: start, focus: selection.anchor });
        const listType: ListType | null = BULLET.test(before)
          ? 'bulleted-list'
          : NUMBER.test(before)
            ? 'numbered-list'
            : null;
        if (listType) {
          Editor.withoutNormalizing(editor, () => {
            Transforms.delete(editor, { at: { anchor: start, focus: selection.anchor } });
            setLineType(editor, { type: 'list-item', listType }, entry[1]);
          });
          return;
        }
      }
    }
    insertText(text, options);
  };

  return editor;
}
