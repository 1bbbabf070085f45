/**
 * @blog/shared/html/highlight: highlight.js with the editor's languages, and the server's step that
 * stores code blocks highlighted. A separate entry so that only the editor and the API load highlight.js
 * (never the public pages, which show the stored `hljs-*` spans with the rich-text stylesheet).
 */
export { hljs, isHighlighted } from './lib/highlight/languages';
export { highlightCodeBlocks, prepareRichText } from './lib/highlight/highlight-code-blocks';
