import { Element } from 'slate';
import type { VocabularyEntry } from '@blog/shared/html';

/** A lesson's vocabulary: a void block of entries edited in its own fields (see `vocabularyHtml`). */
export interface VocabularyElement {
  type: 'vocabulary';
  entries: VocabularyEntry[];
  children: [{ text: '' }];
}

export const isVocabulary = (node: unknown): node is VocabularyElement =>
  Element.isElement(node) && node.type === 'vocabulary';
