import { escapeText } from '../plain-text';
import { sanitizeRichText } from '../sanitize';
import { hljs, isHighlighted } from './languages';

/** A code block as the shared policy writes it: `<pre class="language-x"><code class="language-x">…</code></pre>`. */
const CODE_BLOCK =
  /<pre( class="language-([a-z0-9]+)")?><code( class="language-([a-z0-9]+)")?>([\s\S]*?)<\/code><\/pre>/g;
const ENTITY = /&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos|nbsp));/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The text of sanitised code-block HTML: tags dropped, entities decoded. */
function codeText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(ENTITY, (_, decimal: string, hex: string, name: string) =>
      decimal
        ? String.fromCodePoint(Number(decimal))
        : hex
          ? String.fromCodePoint(parseInt(hex, 16))
          : NAMED[name.toLowerCase()],
    );
}

/**
 * Sanitised rich-text HTML with its code blocks highlighted for visitors, so the public pages need no
 * highlighter: a code block's content is reduced to its text and written again, by highlight.js (which
 * escapes the text) for a highlighted language, escaped as plain text otherwise. The only markup inside
 * `<pre><code>` is then highlight.js's `<span class="hljs-…">`. Idempotent.
 */
export function highlightCodeBlocks(html: string): string {
  return html.replace(
    CODE_BLOCK,
    (
      _,
      preClass = '',
      preLanguage: string | undefined,
      codeClass = '',
      codeLanguage: string | undefined,
      inner: string,
    ) => {
      const language = codeLanguage ?? preLanguage ?? '';
      const text = codeText(inner);
      const body = isHighlighted(language)
        ? hljs.highlight(text, { language, ignoreIllegals: true }).value
        : escapeText(text);
      return `<pre${preClass}><code${codeClass}>${body}</code></pre>`;
    },
  );
}

/**
 * Rich text (posts, excerpts, the About page) as the API stores it: cleaned with the one HTML policy,
 * then its code blocks highlighted. Classes on spans come only from the highlighter, inside `<pre><code>`
 * (the policy itself keeps no class on a span).
 */
export function prepareRichText(html: string): string {
  return highlightCodeBlocks(sanitizeRichText(html));
}
