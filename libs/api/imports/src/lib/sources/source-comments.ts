import { convert, type HtmlToTextOptions } from 'html-to-text';
import type { SourceComment, SourceKey } from './source-model';

const TEXT_OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    // A link keeps its address (the post page links addresses again, `rel="nofollow ugc"`).
    { selector: 'a', options: { linkBrackets: ['(', ')'], hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
};

/**
 * A source comment's HTML as the plain text comments are stored in: paragraphs (a blank line between),
 * line breaks, links as `text (address)`; no tag survives.
 */
export function commentText(html: string): string {
  return convert(html, TEXT_OPTIONS)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The comments a post keeps, one level deep as this site's threads are: a reply to a reply goes under its
 * top-level comment; a reply whose thread starts with a comment not kept (spam, trash) becomes a
 * top-level one. `parentOf` knows every source comment of the post, kept or not (key → its parent's
 * key or null). Top-level comments come first, so a parent is always written before its replies.
 */
export function oneLevelThreads(kept: SourceComment[], parentOf: Map<SourceKey, SourceKey | null>): SourceComment[] {
  const keptKeys = new Set(kept.map((comment) => comment.key));
  const topOf = (key: SourceKey): SourceKey => {
    const seen = new Set<SourceKey>();
    let top = key;
    for (let parent = parentOf.get(top); parent && !seen.has(parent); parent = parentOf.get(top)) {
      seen.add(top);
      top = parent;
    }
    return top;
  };
  const threaded = kept.map((comment) => {
    const top = comment.parentKey ? topOf(comment.key) : null;
    return { ...comment, parentKey: top && top !== comment.key && keptKeys.has(top) ? top : null };
  });
  return [...threaded.filter((comment) => !comment.parentKey), ...threaded.filter((comment) => comment.parentKey)];
}
