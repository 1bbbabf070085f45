import type { CodeLanguage } from '@blog/shared/html';
import { hljs, isHighlighted } from '@blog/shared/html/highlight';

/** A highlighted stretch of code: offsets into the code text and the highlight.js classes to show. */
export interface CodeToken {
  start: number;
  end: number;
  token: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" };
const MARKUP = /<span class="([^"]*)">|<\/span>|&(amp|lt|gt|quot|#x27|#39);|[^<&]+/g;

/**
 * The tokens of `code` in `language`, flat and in order (nested scopes give their classes together,
 * e.g. `hljs-string hljs-subst`). Plain text gives none.
 */
export function highlightCode(code: string, language: CodeLanguage): CodeToken[] {
  if (!code || !isHighlighted(language)) return [];
  const { value } = hljs.highlight(code, { language, ignoreIllegals: true });
  const tokens: CodeToken[] = [];
  const scopes: string[] = [];
  let offset = 0;
  const add = (length: number): void => {
    if (scopes.length > 0 && length > 0) {
      const token = scopes.join(' ');
      const last = tokens[tokens.length - 1];
      if (last && last.end === offset && last.token === token) last.end += length;
      else tokens.push({ start: offset, end: offset + length, token });
    }
    offset += length;
  };
  for (const match of value.matchAll(MARKUP)) {
    if (match[1] !== undefined) scopes.push(match[1]);
    else if (match[0] === '</span>') scopes.pop();
    else if (match[2] !== undefined) add(ENTITIES[match[2]].length);
    else add(match[0].length);
  }
  return tokens;
}
