import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import sql from 'highlight.js/lib/languages/sql';
import xml from 'highlight.js/lib/languages/xml';
import type { CodeLanguage } from '@blog/shared/html';

// Only the 13 languages the editor offers ("plain" is not highlighted), to keep the bundle small.
const LANGUAGES: Record<Exclude<CodeLanguage, 'plain'>, typeof bash> = {
  bash, cpp, csharp, css, diff, xml, java, javascript, markdown, php, python, ruby, sql,
};
for (const [name, language] of Object.entries(LANGUAGES)) {
  if (!hljs.getLanguage(name)) hljs.registerLanguage(name, language);
}

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
  if (language === 'plain' || !code || !hljs.getLanguage(language)) return [];
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
