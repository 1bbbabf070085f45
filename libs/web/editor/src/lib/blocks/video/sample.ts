import type { BlockSample } from '../block';

const VIDEOS = [
  { provider: 'youtube', videoId: 'dQw4w9WgXcQ' },
  { provider: 'youtube', videoId: 'a-_9Zz0bB1c' },
  { provider: 'vimeo', videoId: '76979871' },
] as const;

export const sample: BlockSample = {
  type: 'video',
  make: (random) => ({
    type: 'video',
    ...random.pick(VIDEOS),
    ...random.maybe('title'),
    ...random.maybe('caption'),
    ...(random.next() < 0.5 ? { poster: random.pick(random.images) } : {}),
    children: [{ text: '' }],
  }),
};
