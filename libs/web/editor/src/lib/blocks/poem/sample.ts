import type { BlockSample } from '../block';

export const sample: BlockSample = {
  type: 'poem',
  make: (random) => ({
    type: 'poem',
    ...random.maybe('title'),
    ...random.maybe('author'),
    ...(random.next() < 0.5 ? { centered: true as const } : {}),
    children: Array.from({ length: 1 + random.int(4) }, () => ({
      type: 'poem-line' as const,
      children: random.inlines(),
    })),
  }),
};
