import { Editor, Transforms } from 'slate';
import type { CalloutKind } from '@blog/shared/html';
import type { CustomEditor } from '../../custom-types';
import { selectedTextBlocks } from '../../nodes';
import { insertTopLevelBlock } from '../../commands/insert-block';
import { isCallout, type CalloutElement } from './callout';

export const activeCallout = (editor: CustomEditor): [CalloutElement, number[]] | null =>
  (editor.selection && Editor.above<CalloutElement>(editor, { match: isCallout })) || null;

/** The caret's line becomes a callout (a top-level line keeps its text), or a callout a paragraph again. */
export function toggleCallout(editor: CustomEditor, kind: CalloutKind = 'note'): void {
  const callout = activeCallout(editor);
  if (callout) {
    Transforms.setNodes(editor, { type: 'paragraph' }, { at: callout[1] });
    Transforms.unsetNodes(editor, 'kind', { at: callout[1] });
    return;
  }
  const [line] = selectedTextBlocks(editor);
  if (line && line[1].length === 1 && line[0].type !== 'code-line') {
    Transforms.unsetNodes(editor, ['level', 'indent'], { at: line[1] });
    Transforms.setNodes<CalloutElement>(editor, { type: 'callout', kind }, { at: line[1] });
    return;
  }
  const [at] = insertTopLevelBlock(editor, { type: 'callout', kind, children: [{ text: '' }] });
  Transforms.select(editor, Editor.start(editor, [at]));
}

export function setCalloutKind(editor: CustomEditor, kind: CalloutKind): void {
  const callout = activeCallout(editor);
  if (callout) Transforms.setNodes<CalloutElement>(editor, { kind }, { at: callout[1] });
}
