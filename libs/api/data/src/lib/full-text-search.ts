/**
 * Builds a PostgreSQL `to_tsquery` text from what a visitor typed: every word must match,
 * the last one as a prefix (so results appear while the last word is still being typed).
 * Only letters and digits survive, so the result can never be a tsquery syntax error.
 * Accents are removed in SQL by the same `immutable_unaccent` that built the indexes (`prefixTsQuerySql`);
 * a language's configuration may then stem the words (English: "travelling" is "travel").
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
 * projects' `search_vector`); `parameter` holds the `toPrefixTsQuery` text. `config` is the text search
 * configuration of the vectors searched: the posts' is their language's (`language_search_config`,
 * migration Languages1795880000000), the projects' `simple`.
 */
export const prefixTsQuerySql = (parameter: string, config = `'simple'`) =>
  `to_tsquery(${config}, immutable_unaccent(${parameter}))`;

/** The text search configuration of a language given as the SQL `parameter` (`$3`): what its posts' vectors were built with. */
export const languageSearchConfigSql = (parameter: string) => `language_search_config(${parameter})`;
