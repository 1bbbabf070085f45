import type { RenderElementProps } from 'slate-react';
import { useFocused, useSelected } from 'slate-react';
import { Icon, stroke, thin } from '../../toolbar/icons';
import { ToolbarButton } from '../../toolbar/toolbar-button';
import { defineBlock } from '../block';
import { insertRule, type RuleElement as RuleNode } from './rule';

function RuleElement({ attributes, children }: RenderElementProps) {
  const selected = useSelected();
  const focused = useFocused();
  return (
    <div {...attributes} className={selected && focused ? 'rte-rule rte-image-selected' : 'rte-rule'}>
      <div contentEditable={false}>
        <hr />
      </div>
      {children}
    </div>
  );
}

const RuleIcon = () => (
  <Icon>
    <path {...stroke} d="M2.5 9h13" />
    <path {...thin} d="M5 5h8M5 13h8" opacity="0.4" />
  </Icon>
);

/** A horizontal rule between parts of a post. */
export const ruleBlock = defineBlock<RuleNode>({
  type: 'rule',
  render: RuleElement,
  toHtml: () => '<hr />',
  // In a table cell, a rule only ends the line.
  fromHtml: [
    { tag: 'hr', read: (_hr, place) => (place.inCell ? 'content' : { type: 'rule', children: [{ text: '' }] }) },
  ],
  isVoid: true,
  toLines: () => [],
  toolbar: {
    group: 'blocks',
    Buttons: ({ editor, run }) => (
      <ToolbarButton itemKey="rule" label="Horizontal rule" onAction={() => run(() => insertRule(editor))}>
        <RuleIcon />
      </ToolbarButton>
    ),
  },
  slash: [{ key: 'rule', label: 'Horizontal rule', keywords: 'hr divider line', run: (e) => insertRule(e) }],
});
