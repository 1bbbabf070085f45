import { Editor, Element, Transforms } from 'slate';
import type { CustomEditor } from '../../custom-types';
import { insertTopLevelBlock } from '../../commands/insert-block';

/** A horizontal rule (`<hr />`): a void block. */
export interface RuleElement {
  type: 'rule';
  children: [{ text: '' }];
}

export const isRule = (node: unknown): node is RuleElement => Element.isElement(node) && node.type === 'rule';

/** A horizontal rule after the caret's block (or in place of an empty line). */
export function insertRule(editor: CustomEditor): void {
  const [at] = insertTopLevelBlock(editor, { type: 'rule', children: [{ text: '' }] });
  Transforms.select(editor, Editor.start(editor, [at + 1]));
}
