/**
 * The comments' figures of `npm run bench` (`BENCH_ONLY=comments npm run bench`): one post page with
 * `BENCH_COMMENTS` approved comments, replies among them, against the same post without: served warm
 * from the page cache (as fast?) and rendered cold (at what cost?).
 */
import type { Client } from 'pg';
import { VOCABULARY } from './seed';

/** Approved comments under the post: a busy lesson's thread. */
export const BENCH_COMMENTS = 200;
/** One comment in this many has a reply (a reply is a comment too, counted in `BENCH_COMMENTS`). */
const REPLY_EVERY = 3;

/**
 * `count` words of the vocabulary (`$2`) drawn anew for each row `n`, with a paragraph break after the
 * 30th and, in one row in five, a link.
 */
const wordsSql = (count: number) => `(
  SELECT string_agg(CASE WHEN i = 30 THEN E'\\n\\n' || word WHEN i = ${count - 10} AND n % 5 = 0
                         THEN 'https://example.com/' || word ELSE word END, ' ' ORDER BY i)
    FROM (SELECT i, ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int] AS word
            FROM generate_series(1, ${count}) AS i WHERE n > 0) AS drawn)`;

/**
 * Inserts `BENCH_COMMENTS` approved comments under `postId` in SQL, oldest first two minutes apart: top-level
 * ones of about 60 words (a paragraph break, a link now and then), and a reply under every `REPLY_EVERY`th.
 * Deterministic (the random generator is seeded).
 */
export async function seedComments(client: Client, postId: number): Promise<void> {
  const replies = Math.floor(BENCH_COMMENTS / (REPLY_EVERY + 1));
  const topLevel = BENCH_COMMENTS - replies;
  await client.query(`SELECT setseed(0.34)`);
  await client.query(
    `INSERT INTO comments (post_id, author_name, author_email, body, state, created_at, approved_at, updated_at)
     SELECT $1, 'Reader ' || n, 'reader' || n || '@example.com', ${wordsSql(60)}, 'approved',
            now() - make_interval(mins => 10000 - n * 2), now(), now()
       FROM generate_series(1, $3::int) AS n`,
    [postId, VOCABULARY, topLevel],
  );
  await client.query(
    `INSERT INTO comments (post_id, parent_id, author_name, author_email, body, state, by_owner, created_at, approved_at, updated_at)
     SELECT $1, parent.id, 'Owner', 'owner@example.com', ${wordsSql(25)}, 'approved', true,
            parent.created_at + interval '1 minute', now(), now()
       FROM (SELECT id, created_at, row_number() OVER (ORDER BY id) AS n FROM comments WHERE post_id = $1) AS parent
      WHERE parent.n % $3 = 0 AND parent.n <= $3 * $4`,
    [postId, VOCABULARY, REPLY_EVERY, replies],
  );
  await client.query('VACUUM ANALYZE comments');
}
