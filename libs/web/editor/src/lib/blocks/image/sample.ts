import type { BlockSample } from '../block';

export const sample: BlockSample = {
  type: 'figure',
  make: (random) => ({
    type: 'figure',
    url: random.pick(random.images),
    ...(random.next() < 0.5 ? { alt: 'An "image" & more' } : {}),
    ...(random.next() < 0.7 ? { caption: random.text() } : {}),
    children: [{ text: '' }],
  }),
};
