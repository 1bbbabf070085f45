import { Element } from 'slate';
import type { InlineNode } from '../../custom-types';

/** A poem: lines kept as written (leading spaces too), an optional title and author, centred or not. */
export interface PoemElement {
  type: 'poem';
  title?: string;
  author?: string;
  centered?: true;
  children: PoemLineElement[];
}

export interface PoemLineElement {
  type: 'poem-line';
  children: InlineNode[];
}

export const isPoem = (node: unknown): node is PoemElement => Element.isElement(node) && node.type === 'poem';
export const isPoemLine = (node: unknown): node is PoemLineElement =>
  Element.isElement(node) && node.type === 'poem-line';
