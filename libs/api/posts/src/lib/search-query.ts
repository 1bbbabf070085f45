import { languageSearchConfigSql, prefixTsQuerySql, visiblePostSql } from '@blog/api/data';
import { POST_CARD_COLUMNS, type PostCardSource } from './post-mappers';

/** The visitor's words ($1 is `toPrefixTsQuery`), with the searched language's ($3) configuration. */
const TSQUERY = prefixTsQuerySql('$1', languageSearchConfigSql('$3'));

/**
 * How many of the newest title or short content matches are ranked: four pages of answers
 * (SEARCH_RESULTS_LIMIT is 50), every match of all but the commonest words. The newest matches are
 * found by walking the posts newest first, so a word in 7 % of the titles walks about 14 times this
 * many posts: 1 000 of them cost 10 ms at 100 000 posts, 200 about 2 ms.
 */
export const HEAD_CANDIDATES = 200;

/**
 * The cards of the visible posts matching a search, best first: the columns of `PostCardRow`.
 * Parameters: $1 the `toPrefixTsQuery` text, $2 how many at most, $3 the language searched (its posts
 * only, their words matched with its configuration: English by their stems).
 *
 * Ranking every match with `ts_rank(search_vector, …)` reads each match's large, TOASTed vector:
 * over 100 ms for a common word at 10 000 posts of 900 words. The ranking goes in two tiers instead.
 * For one word, `ts_rank` already put any title (weight A) or short content (B) match above every
 * match in the content alone (C); the tiers keep that order and bound the work:
 *  1. Posts matching in their title or short content, ranked with `ts_rank` over `search_head`,
 *     the small inline vector of just those two with its own GIN index (migration
 *     FastPublicReads1764100000000); at most the HEAD_CANDIDATES newest are ranked.
 *  2. Only when tier 1 has fewer than $2: posts matching only in their content, the $2 newest of
 *     them ranked with `ts_rank` over `search_vector` (so at most $2 large vectors are read).
 * Ties go to the most recently listed post (`listed_at`), then the highest id. Only the winners are joined to
 * their card columns, in the same statement.
 */
export const SEARCH_SQL = `
  WITH head AS (
    SELECT id, listed_at, 1 AS tier, ts_rank(search_head, ${TSQUERY}) AS rank
    FROM (
      SELECT id, listed_at, search_head FROM posts
      WHERE ${visiblePostSql('posts')} AND language = $3 AND search_head @@ ${TSQUERY}
      ORDER BY listed_at DESC, id DESC
      LIMIT ${HEAD_CANDIDATES}
    ) AS newest
    ORDER BY rank DESC, listed_at DESC, id DESC
    LIMIT $2
  ), body AS (
    SELECT id, listed_at, 2 AS tier, ts_rank(search_vector, ${TSQUERY}) AS rank
    FROM (
      -- The cheap test first: a post matching in its head is not read any further.
      SELECT id, listed_at, search_vector FROM posts
      WHERE ${visiblePostSql('posts')} AND language = $3
        AND NOT search_head @@ ${TSQUERY} AND search_vector @@ ${TSQUERY}
      ORDER BY listed_at DESC, id DESC
      LIMIT $2
    ) AS newest
    -- Evaluated once, before the tier: when the head fills the answer, the body is never searched.
    WHERE (SELECT count(*) FROM head) < $2
  ), ranked AS (
    SELECT * FROM head UNION ALL SELECT * FROM body
    ORDER BY tier, rank DESC, listed_at DESC, id DESC
    LIMIT $2
  )
  SELECT ${POST_CARD_COLUMNS.map((column) => `post.${column}`).join(', ')},
         category.slug AS category_slug, category.name AS category_name
  FROM ranked
  JOIN posts post ON post.id = ranked.id
  JOIN categories category ON category.id = post.category_id
  ORDER BY ranked.tier, ranked.rank DESC, ranked.listed_at DESC, ranked.id DESC`;

/** A row of SEARCH_SQL. */
export type PostCardRow = Omit<PostCardSource, 'category'> & { category_slug: string; category_name: string };

/**
 * How many of the newest posts sharing each keyword are scored. A post older than that many others
 * sharing the keyword may still score more than they do (by sharing several keywords or the category);
 * it is left out only when that many newer posts share that keyword: a bound that keeps the read the
 * same at 200 and 100 000 posts.
 */
export const RELATED_CANDIDATES_PER_KEYWORD = 50;

/**
 * The ids of the posts related to the visible post with slug $1 in language $3, best first: other visible posts
 * in its language
 * scored 2 for the same category and 1 for each keyword they share with it (`posts.keywords`, the
 * normalised `meta_keywords`: migration RelatedKeywords1764760000000); unrelated ones (score 0) never;
 * ties to the most recently listed. Parameters: $1 the slug, $2 how many at most.
 *
 * Only candidates are scored, each found through an index: the $2 newest of the same category (every
 * post of it scores at least 2, so an older one without a shared keyword can never beat them) and the
 * newest `RELATED_CANDIDATES_PER_KEYWORD` sharing each keyword (`post_keywords`' primary key).
 */
export const RELATED_SQL = `
  WITH current AS (
    SELECT id, category_id, keywords, language FROM posts WHERE slug = $1 AND language = $3 AND ${visiblePostSql('posts')}
  ), candidates AS (
    (SELECT post.id FROM posts post
     WHERE ${visiblePostSql('post')} AND post.category_id = (SELECT category_id FROM current)
       AND post.id <> (SELECT id FROM current)
     ORDER BY post.listed_at DESC, post.id DESC
     LIMIT $2)
    UNION
    SELECT sharing.id FROM current, unnest(current.keywords) AS keyword,
      LATERAL (SELECT post.id FROM post_keywords indexed JOIN posts post ON post.id = indexed.post_id
               WHERE indexed.keyword = keyword.keyword AND ${visiblePostSql('post')} AND post.id <> current.id
                 AND post.language = current.language
               ORDER BY indexed.listed_at DESC, indexed.post_id DESC
               LIMIT ${RELATED_CANDIDATES_PER_KEYWORD}) AS sharing
  ), scored AS (
    SELECT post.id, post.listed_at,
           (post.category_id = current.category_id)::int * 2
             + cardinality(ARRAY(SELECT unnest(post.keywords) INTERSECT SELECT unnest(current.keywords))) AS score
    FROM candidates JOIN posts post ON post.id = candidates.id, current
  )
  SELECT id FROM scored WHERE score > 0
  ORDER BY score DESC, listed_at DESC, id DESC
  LIMIT $2`;
