import type { BlockSample } from '../block';

export const sample: BlockSample = {
  type: 'audio',
  make: (random) => ({
    type: 'audio',
    url: random.pick(random.clips),
    ...random.maybe('caption'),
    children: [{ text: '' }],
  }),
};
