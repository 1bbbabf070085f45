import { defineBlock } from '../block';
import type { CalloutElement as CalloutNode } from './callout';
import { CalloutElement } from './callout-element';
import { toggleCallout } from './commands';
import { calloutHtml, readCallout } from './html';
import { calloutToolbar } from './toolbar';
import { withCallouts } from './with-callouts';

/** A note, tip or warning: one line of text in a box with its kind's label. */
export const calloutBlock = defineBlock<CalloutNode>({
  type: 'callout',
  render: CalloutElement,
  toHtml: calloutHtml,
  fromHtml: [readCallout],
  plugin: withCallouts,
  isLine: true,
  toolbar: calloutToolbar,
  slash: [{ key: 'callout', label: 'Callout', keywords: 'note tip warning ghi chú', run: (e) => toggleCallout(e) }],
});
