import { TextIcon } from '../../toolbar/icons';
import { ToolbarButton } from '../../toolbar/toolbar-button';
import { defineBlock } from '../block';
import { insertFootnote } from './commands';
import type { FootnoteElement as FootnoteNode } from './footnote';
import { FootnoteElement } from './footnote-element';
import { footnoteHtml, readFootnote } from './html';
import { withFootnotes } from './with-footnotes';

/** A footnote: its number in the text, its note listed after the post with a link back. */
export const footnoteBlock = defineBlock<FootnoteNode>({
  type: 'footnote',
  render: FootnoteElement,
  toHtml: footnoteHtml,
  fromHtml: [readFootnote],
  plugin: withFootnotes,
  isInline: true,
  toolbar: {
    group: 'insert',
    Buttons: ({ editor, run }) => (
      <ToolbarButton itemKey="footnote" label="Footnote" onAction={() => run(() => insertFootnote(editor))}>
        <TextIcon text="¹" />
      </ToolbarButton>
    ),
  },
});
