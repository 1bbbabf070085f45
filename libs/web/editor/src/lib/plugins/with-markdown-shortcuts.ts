import { Editor, Node, Range, Transforms, type Path } from 'slate';
import type { CustomEditor, HeadingLevel, TextBlockElement } from '../custom-types';
import type { LineType } from '../commands/set-line-type';
import { isTextBlock } from '../nodes';
import { setLineType } from '../commands/set-line-type';
import { insertRule } from '../blocks/rule/rule';

/** What a line's start becomes when a space follows it. */
function lineTypeOf(marker: string): LineType | null {
  if (/^[-*]$/.test(marker)) return { type: 'list-item', listType: 'bulleted-list' };
  if (/^\d{1,3}[.)]$/.test(marker)) return { type: 'list-item', listType: 'numbered-list' };
  if (/^#{1,6}$/.test(marker)) return { type: 'heading', level: marker.length as HeadingLevel };
  if (marker === '>') return { type: 'block-quote' };
  return null;
}

/**
 * Markdown shortcuts at the start of a paragraph, as Ghost and Notion writers expect: `- ` or `* ` a
 * bulleted list, `1. ` a numbered one, `## ` a heading of that level, `> ` a quote, ``` a code block,
 * `---` on an empty top-level line a horizontal rule. The marker goes; the text after it stays.
 */
export function withMarkdownShortcuts<T extends CustomEditor>(editor: T): T {
  const { insertText } = editor;

  editor.insertText = (text, options) => {
    const { selection } = editor;
    const entry =
      selection && Range.isCollapsed(selection)
        ? Editor.above<TextBlockElement>(editor, { match: isTextBlock })
        : undefined;
    if (!selection || !entry || entry[0].type !== 'paragraph' || ![' ', '`', '-'].includes(text)) {
      insertText(text, options);
      return;
    }
    const [line, path] = entry;
    const start = Editor.start(editor, path);
    const before = Editor.string(editor, { anchor: start, focus: selection.anchor });
    const removeMarker = () => Transforms.delete(editor, { at: { anchor: start, focus: selection.anchor } });
    const lineType: LineType | null =
      text === ' ' ? lineTypeOf(before) : text === '`' && before === '``' ? { type: 'code-line' } : null;
    if (lineType) {
      Editor.withoutNormalizing(editor, () => {
        removeMarker();
        setLineType(editor, lineType, path);
      });
      return;
    }
    if (text === '-' && before === '--' && isOnlyText(line, path, '--')) {
      removeMarker();
      insertRule(editor);
      return;
    }
    insertText(text, options);
  };

  return editor;
}

/** A top-level line holding exactly `text` (a rule replaces the whole line). */
const isOnlyText = (line: TextBlockElement, path: Path, text: string): boolean =>
  path.length === 1 && Node.string(line) === text;
