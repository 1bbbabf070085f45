import { defineBlock } from '../block';
import { togglePoem } from './commands';
import { poemHtml, readPoem } from './html';
import type { PoemElement as PoemNode, PoemLineElement as PoemLineNode } from './poem';
import { PoemElement, PoemLineElement } from './poem-element';
import { poemToolbar } from './toolbar';
import { withPoems } from './with-poems';

/** A poem: its lines as written, a title and an author, centred or not. */
export const poemBlock = defineBlock<PoemNode>({
  type: 'poem',
  render: PoemElement,
  toHtml: poemHtml,
  fromHtml: [readPoem],
  plugin: withPoems,
  toolbar: poemToolbar,
  slash: [{ key: 'poem', label: 'Poem', keywords: 'verse thơ', run: (e) => togglePoem(e) }],
});

/** One line of a poem (written by its poem; alone, as a paragraph). */
export const poemLineBlock = defineBlock<PoemLineNode>({
  type: 'poem-line',
  render: PoemLineElement,
  toHtml: (line, write) => `<p>${write.line(line.children)}</p>`,
  parents: ['poem'],
  isLine: true,
});
