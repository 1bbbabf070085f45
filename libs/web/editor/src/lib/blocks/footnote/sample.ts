import type { BlockSample } from '../../testing/random-document';

export const sample: BlockSample = {
  type: 'footnote',
  make: (random) => ({ type: 'footnote', note: random.field(), children: [{ text: '' }] }),
};
