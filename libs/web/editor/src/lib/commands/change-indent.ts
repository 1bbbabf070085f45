import { Transforms } from 'slate';
import type { CustomEditor, IndentableElement } from '../custom-types';
import { clampIndent, isIndentable, selectedTextBlocks } from '../nodes';

/**
 * Indents (+1) or outdents (-1) every selected paragraph, heading, quote line and list item, within
 * levels 0-8 (code lines have none).
 */
export function changeIndent(editor: CustomEditor, delta: 1 | -1): void {
  const lines = selectedTextBlocks(editor).filter(([line]) => isIndentable(line)) as Array<
    [IndentableElement, number[]]
  >;
  if (lines.length === 0) return;
  for (const [line, path] of lines) {
    const indent = clampIndent(clampIndent(line.indent) + delta);
    if (indent === clampIndent(line.indent)) continue;
    if (indent === 0) Transforms.unsetNodes(editor, 'indent', { at: path });
    else Transforms.setNodes<IndentableElement>(editor, { indent }, { at: path });
  }
}
