import type { CodeLanguage } from '@blog/shared/html';

/** Names other tools give the languages we support (highlight.js, Prism, GitHub, Markdown fences). */
const LANGUAGE_ALIASES: Record<string, CodeLanguage> = {
  plain: 'plain',
  plaintext: 'plain',
  text: 'plain',
  txt: 'plain',
  none: 'plain',
  nohighlight: 'plain',
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  'shell-session': 'bash',
  cpp: 'cpp',
  'c++': 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  c: 'cpp',
  h: 'cpp',
  csharp: 'csharp',
  cs: 'csharp',
  'c#': 'csharp',
  dotnet: 'csharp',
  css: 'css',
  diff: 'diff',
  patch: 'diff',
  xml: 'xml',
  html: 'xml',
  xhtml: 'xml',
  svg: 'xml',
  markup: 'xml',
  java: 'java',
  javascript: 'javascript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  markdown: 'markdown',
  md: 'markdown',
  php: 'php',
  python: 'python',
  py: 'python',
  python3: 'python',
  ruby: 'ruby',
  rb: 'ruby',
  sql: 'sql',
};

/** The supported language another tool's name stands for, or null. */
export function resolveCodeLanguage(name: string | null | undefined): CodeLanguage | null {
  if (!name) return null;
  return LANGUAGE_ALIASES[name.trim().toLowerCase()] ?? null;
}

const CLASS_PATTERNS = [/^language-(.+)$/i, /^lang-(.+)$/i, /^highlight-source-(.+)$/i];

/** The language a `<pre>`/`<code>` element declares (class `language-x`, `lang-x`, `data-language`), or null. */
export function declaredCodeLanguage(element: Element): CodeLanguage | null {
  const fromData = resolveCodeLanguage(element.getAttribute('data-language'));
  if (fromData) return fromData;
  for (const className of Array.from(element.classList)) {
    for (const pattern of CLASS_PATTERNS) {
      const match = pattern.exec(className);
      const language = match ? resolveCodeLanguage(match[1]) : null;
      if (language) return language;
    }
  }
  return null;
}
