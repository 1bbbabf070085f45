import { Element, Node, Text, type Descendant } from 'slate';
import { readingMinutes } from '@blog/contracts';

export interface WordCount {
  words: number;
  images: number;
  minutes: number;
}

/**
 * The document's words, counted as the server counts them for the reading time (runs of characters
 * between white space: English words, Vietnamese syllables), line by line; its images; the reading time.
 */
export function countWords(nodes: readonly Descendant[]): WordCount {
  let words = 0;
  let images = 0;
  for (const top of nodes) {
    for (const [node] of Node.nodes(top)) {
      if (!Element.isElement(node)) continue;
      if (node.type === 'image' || node.type === 'figure') images += 1;
      else if (node.type !== 'link' && node.children.some((child) => Text.isText(child)))
        words += Node.string(node).split(/\s+/).filter(Boolean).length;
    }
  }
  return { words, images, minutes: readingMinutes(words, images) };
}
