import type { BlockSample } from '../block';

export const sample: BlockSample = {
  type: 'gallery',
  make: (random) => ({
    type: 'gallery',
    images: Array.from({ length: 1 + random.int(4) }, () => ({
      url: random.pick(random.images),
      ...random.maybe('alt', 0.7),
      ...random.maybe('caption'),
    })),
    children: [{ text: '' }],
  }),
};
