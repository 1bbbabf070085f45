/**
 * Builds a PostgreSQL `to_tsquery` text from what a visitor typed: every word must match,
 * the last one as a prefix (so results appear while the last word is still being typed).
 * Only letters and digits survive, so the result can never be a tsquery syntax error.
 * Accents are removed in SQL by the same `immutable_unaccent` that built the indexes (`prefixTsQuerySql`).
 */
export function toPrefixTsQuery(term: string): string | null {
  const words = term
    .normalize('NFC')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu);
  if (!words) return null;
  return words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(' & ');
}

/**
 * The visitor's words as a tsquery, accents folded as the stored vectors' (the posts' and the
 * projects' `search_vector`); `parameter` holds the `toPrefixTsQuery` text.
 */
export const prefixTsQuerySql = (parameter: string) => `to_tsquery('simple', immutable_unaccent(${parameter}))`;
