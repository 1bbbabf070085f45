import { Node, type Path } from 'slate';
import type { CodeBlockElement, TokenRange } from '../custom-types';
import type { CodeToken } from './highlight-code';

/** Tokens over a code block's text as decorations of its lines (a token spanning lines is cut at each). */
export function codeDecorations(block: CodeBlockElement, path: Path, tokens: readonly CodeToken[]): TokenRange[] {
  const ranges: TokenRange[] = [];
  let lineStart = 0;
  let tokenIndex = 0;
  block.children.forEach((line, lineIndex) => {
    const lineEnd = lineStart + Node.string(line).length;
    while (tokenIndex < tokens.length && tokens[tokenIndex].end <= lineStart) tokenIndex++;
    for (let i = tokenIndex; i < tokens.length && tokens[i].start < lineEnd; i++) {
      const start = Math.max(tokens[i].start, lineStart) - lineStart;
      const end = Math.min(tokens[i].end, lineEnd) - lineStart;
      if (end <= start) continue;
      const textPath = [...path, lineIndex, 0];
      ranges.push({
        anchor: { path: textPath, offset: start },
        focus: { path: textPath, offset: end },
        token: tokens[i].token,
      });
    }
    lineStart = lineEnd + 1; // the newline between lines
  });
  return ranges;
}
