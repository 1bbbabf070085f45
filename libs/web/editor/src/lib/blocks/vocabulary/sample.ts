import { PARTS_OF_SPEECH } from '@blog/shared/html';
import type { BlockSample } from '../block';

export const sample: BlockSample = {
  type: 'vocabulary',
  make: (random) => ({
    type: 'vocabulary',
    entries: Array.from({ length: 1 + random.int(3) }, () => ({
      word: random.field(),
      ...random.maybe('ipa'),
      ...(random.next() < 0.5 ? { pos: random.pick(PARTS_OF_SPEECH) } : {}),
      ...random.maybe('meaning'),
      ...random.maybe('example'),
      ...(random.next() < 0.3 ? { audio: random.pick(random.clips) } : {}),
    })),
    children: [{ text: '' }],
  }),
};
