import type { BlockSample } from '../../testing/random-document';

export const sample: BlockSample = { type: 'rule', make: () => ({ type: 'rule', children: [{ text: '' }] }) };
