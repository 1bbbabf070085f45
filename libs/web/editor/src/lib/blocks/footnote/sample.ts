import type { BlockSample } from '../block';

export const sample: BlockSample = {
  type: 'footnote',
  make: (random) => ({ type: 'footnote', note: random.field(), children: [{ text: '' }] }),
};
