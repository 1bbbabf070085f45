import type { CodeBlockElement } from '../custom-types';
import { codeDecorations } from './code-decorations';

describe('codeDecorations', () => {
  it('cuts block tokens into ranges of each line', () => {
    const block: CodeBlockElement = {
      type: 'code-block',
      language: 'javascript',
      children: [
        { type: 'code-line', children: [{ text: 'const a = `x' }] },
        { type: 'code-line', children: [{ text: 'y`;' }] },
      ],
    };
    // "const" 0-5, the template string from 10 (line 1) to 15 (line 2, offset 2)
    const ranges = codeDecorations(
      block,
      [3],
      [
        { start: 0, end: 5, token: 'hljs-keyword' },
        { start: 10, end: 15, token: 'hljs-string' },
      ],
    );
    expect(ranges).toEqual([
      { anchor: { path: [3, 0, 0], offset: 0 }, focus: { path: [3, 0, 0], offset: 5 }, token: 'hljs-keyword' },
      { anchor: { path: [3, 0, 0], offset: 10 }, focus: { path: [3, 0, 0], offset: 12 }, token: 'hljs-string' },
      { anchor: { path: [3, 1, 0], offset: 0 }, focus: { path: [3, 1, 0], offset: 2 }, token: 'hljs-string' },
    ]);
  });
});
