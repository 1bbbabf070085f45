import { CALLOUT_KINDS } from '@blog/shared/html';
import type { BlockSample } from '../block';

export const sample: BlockSample = {
  type: 'callout',
  make: (random) => ({ type: 'callout', kind: random.pick(CALLOUT_KINDS).value, children: random.inlines() }),
};
