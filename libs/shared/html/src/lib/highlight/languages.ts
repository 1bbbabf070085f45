// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the ambient types of highlight.js languages must reach every project that compiles this file through its path alias
/// <reference path="./highlight-languages.d.ts" />
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
import type { CodeLanguage } from '../editor-constants';

// Only the 13 languages the editor offers ("plain" is not highlighted), to keep the admin bundle small.
const LANGUAGES: Record<Exclude<CodeLanguage, 'plain'>, typeof bash> = {
  bash,
  cpp,
  csharp,
  css,
  diff,
  xml,
  java,
  javascript,
  markdown,
  php,
  python,
  ruby,
  sql,
};
for (const [name, language] of Object.entries(LANGUAGES)) {
  if (!hljs.getLanguage(name)) hljs.registerLanguage(name, language);
}

/** highlight.js with the editor's languages registered: the editor's and the server's one highlighter. */
export { hljs };

/** Whether code in `language` gets highlighted (every offered language but "plain"). */
export function isHighlighted(language: string): language is Exclude<CodeLanguage, 'plain'> {
  return Object.hasOwn(LANGUAGES, language);
}
