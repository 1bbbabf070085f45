import { CodeHighlighter, type CodeSource } from './code-highlighter';
import type { CodeToken } from './highlight-code';

/** A keyword-only highlighter over a fake document, with jest's fake clock. */
function setup() {
  const key = {};
  const source: CodeSource = { key, text: 'let a', language: 'javascript' };
  const highlight = jest.fn((code: string): CodeToken[] => {
    const tokens: CodeToken[] = [];
    for (const match of code.matchAll(/\blet\b/g))
      tokens.push({ start: match.index ?? 0, end: (match.index ?? 0) + 3, token: 'hljs-keyword' });
    return tokens;
  });
  const onUpdate = jest.fn();
  const highlighter = new CodeHighlighter({ collect: () => [source], onUpdate, highlight });
  return { source, highlight, onUpdate, highlighter };
}

describe('CodeHighlighter', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('highlights at once, then at most once per 1000 ms however often it is asked', () => {
    const { source, highlight, onUpdate, highlighter } = setup();
    highlighter.request();
    expect(highlight).toHaveBeenCalledTimes(1);
    expect(onUpdate).toHaveBeenCalledTimes(1);

    for (let i = 1; i <= 9; i++) {
      jest.advanceTimersByTime(100);
      source.text = `let a${'b'.repeat(i)}`;
      highlighter.request();
    }
    expect(highlight).toHaveBeenCalledTimes(1); // 900 ms later: still waiting
    jest.advanceTimersByTime(99);
    expect(highlight).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1); // 1000 ms after the first run
    expect(highlight).toHaveBeenCalledTimes(2);
    expect(highlight).toHaveBeenLastCalledWith('let abbbbbbbbb', 'javascript');

    jest.advanceTimersByTime(5000);
    expect(highlight).toHaveBeenCalledTimes(2); // nothing asked, nothing run
    source.text = 'let x';
    highlighter.request(); // long after the last run: at once
    expect(highlight).toHaveBeenCalledTimes(3);
    highlighter.dispose();
  });

  it('does not highlight a block again when nothing in it changed', () => {
    const { highlight, highlighter } = setup();
    highlighter.request();
    jest.advanceTimersByTime(2000);
    highlighter.request();
    expect(highlight).toHaveBeenCalledTimes(1);
  });

  it('between runs, moves the last tokens with the edit instead of dropping them', () => {
    const { source, highlighter } = setup();
    source.text = 'let a; let b';
    highlighter.request();
    expect(highlighter.tokens(source)).toEqual([
      { start: 0, end: 3, token: 'hljs-keyword' },
      { start: 7, end: 10, token: 'hljs-keyword' },
    ]);
    source.text = 'let abc; let b'; // two characters typed in the middle
    expect(highlighter.tokens(source)).toEqual([
      { start: 0, end: 3, token: 'hljs-keyword' },
      { start: 9, end: 12, token: 'hljs-keyword' },
    ]);
    source.text = 'lt a; let b'; // the "e" deleted: what is left of the keyword keeps its colour
    expect(highlighter.tokens(source)).toEqual([
      { start: 0, end: 1, token: 'hljs-keyword' },
      { start: 1, end: 2, token: 'hljs-keyword' },
      { start: 6, end: 9, token: 'hljs-keyword' },
    ]);
  });

  it('shows nothing for a block whose language changed until the next run', () => {
    const { source, highlighter } = setup();
    highlighter.request();
    source.language = 'python';
    expect(highlighter.tokens(source)).toEqual([]);
  });

  it('stops its timer when disposed', () => {
    const { source, highlight, highlighter } = setup();
    highlighter.request();
    source.text = 'let z';
    highlighter.request();
    highlighter.dispose();
    jest.advanceTimersByTime(5000);
    expect(highlight).toHaveBeenCalledTimes(1);
  });
});
