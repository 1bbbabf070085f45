import { Element } from 'slate';

/**
 * A footnote at its place in the text: an inline void showing its number (its order in the document),
 * its text (plain) listed at the end of the post with a link back.
 */
export interface FootnoteElement {
  type: 'footnote';
  /** Its text (not `text`, which would make it a Slate text node). */
  note: string;
  children: [{ text: '' }];
}

export const isFootnote = (node: unknown): node is FootnoteElement =>
  Element.isElement(node) && node.type === 'footnote';
