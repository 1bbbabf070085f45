/** A page number to show, or a gap ("…") standing for two or more hidden pages. */
export type PageItem = number | 'gap';

/**
 * The page numbers to show for `page` of `pageCount`: all of them while there are at most
 * `2 * siblings + 5`, otherwise always the same number of items: the first and last pages, the
 * current one with `siblings` on each side, and a gap wherever two or more pages are left out.
 */
export function pageItems(page: number, pageCount: number, siblings = 1): PageItem[] {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (pageCount <= 2 * siblings + 5) return range(1, pageCount);
  const current = Math.min(Math.max(page, 1), pageCount);
  const start = Math.max(Math.min(current - siblings, pageCount - 2 * siblings - 2), 3);
  const end = Math.min(Math.max(current + siblings, 2 * siblings + 3), pageCount - 2);
  return [1, start > 3 ? 'gap' : 2, ...range(start, end), end < pageCount - 2 ? 'gap' : pageCount - 1, pageCount];
}
