import { BLOCK_SHAPES } from '@blog/shared/html';
import { BLOCKS } from './registry';

describe('the registry of editor blocks', () => {
  it('names each element type once', () => {
    const types = BLOCKS.map((block) => block.type);
    expect(new Set(types).size).toBe(types.length);
  });

  it("names the same blocks as the HTML policy's block shapes (a part is its block's)", () => {
    const blocks = BLOCKS.filter((block) => !block.parents).map((block) => block.type);
    expect(blocks.sort()).toEqual(Object.keys(BLOCK_SHAPES).sort());
  });

  it('reads back every block it writes (a block with HTML of its own has a reading rule)', () => {
    const unread = BLOCKS.filter((block) => !block.parents && !block.fromHtml?.length).map((block) => block.type);
    expect(unread).toEqual([]);
  });
});
