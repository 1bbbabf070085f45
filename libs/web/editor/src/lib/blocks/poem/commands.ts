import { Editor, Transforms } from 'slate';
import type { CustomEditor, InlineNode, TextBlockElement } from '../../custom-types';
import { selectedTextBlocks } from '../../nodes';
import { insertTopLevelBlock } from '../../commands/insert-block';
import { isPoem, isPoemLine, type PoemElement } from './poem';

export const activePoem = (editor: CustomEditor): [PoemElement, number[]] | null =>
  (editor.selection && Editor.above<PoemElement>(editor, { match: isPoem })) || null;

/**
 * A poem: the selected top-level lines become its lines (their line breaks more lines), or an empty
 * poem is inserted; in a poem, its lines become paragraphs again.
 */
export function togglePoem(editor: CustomEditor): void {
  const poem = activePoem(editor);
  if (poem) {
    Editor.withoutNormalizing(editor, () => {
      Transforms.setNodes<TextBlockElement>(
        editor,
        { type: 'paragraph' },
        { at: poem[1], match: isPoemLine, mode: 'lowest' },
      );
      Transforms.unwrapNodes(editor, { at: poem[1] });
    });
    return;
  }
  const lines = selectedTextBlocks(editor).filter(([line, path]) => path.length === 1 && line.type !== 'code-line');
  if (lines.length > 0) {
    const children = lines.map(([line]) => ({ type: 'poem-line' as const, children: line.children as InlineNode[] }));
    const first = lines[0][1][0];
    Editor.withoutNormalizing(editor, () => {
      for (const [, path] of [...lines].reverse()) Transforms.removeNodes(editor, { at: path });
      Transforms.insertNodes(editor, { type: 'poem', children } satisfies PoemElement, { at: [first] });
    });
    Transforms.select(editor, Editor.end(editor, [first]));
    return;
  }
  const [at] = insertTopLevelBlock(editor, {
    type: 'poem',
    children: [{ type: 'poem-line', children: [{ text: '' }] }],
  });
  Transforms.select(editor, Editor.start(editor, [at]));
}

export function setPoemField(editor: CustomEditor, path: number[], field: 'title' | 'author', value: string): void {
  if (value === '') Transforms.unsetNodes(editor, field, { at: path });
  else Transforms.setNodes<PoemElement>(editor, { [field]: value }, { at: path });
}

export function togglePoemCentered(editor: CustomEditor): void {
  const poem = activePoem(editor);
  if (!poem) return;
  if (poem[0].centered) Transforms.unsetNodes(editor, 'centered', { at: poem[1] });
  else Transforms.setNodes<PoemElement>(editor, { centered: true }, { at: poem[1] });
}
