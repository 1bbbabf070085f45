import type { BlockSample } from '../block';

export const sample: BlockSample = { type: 'rule', make: () => ({ type: 'rule', children: [{ text: '' }] }) };
