import { Element } from 'slate';
import { CALLOUT_KINDS, type CalloutKind } from '@blog/shared/html';
import type { InlineNode } from '../../custom-types';

/** A boxed note, tip or warning: one line of text (line breaks inside) with its kind's label and icon. */
export interface CalloutElement {
  type: 'callout';
  kind: CalloutKind;
  children: InlineNode[];
}

export const isCallout = (node: unknown): node is CalloutElement => Element.isElement(node) && node.type === 'callout';
export const isCalloutKind = (value: unknown): value is CalloutKind =>
  CALLOUT_KINDS.some((kind) => kind.value === value);
/** A callout's kind and its visible label (the first kind's when it is none of them). */
export const calloutKindOf = (kind: unknown) => CALLOUT_KINDS.find((entry) => entry.value === kind) ?? CALLOUT_KINDS[0];
