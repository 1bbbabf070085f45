// highlight.js ships no types for its single-language modules; each exports a LanguageFn.
declare module 'highlight.js/lib/languages/*' {
  import type { LanguageFn } from 'highlight.js';
  const language: LanguageFn;
  export default language;
}
