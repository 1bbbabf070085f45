/**
 * Benchmark content, written straight in SQL: a few categories and posts of about 900 words mixing
 * English and Vietnamese, so that a common word matches thousands of posts as it would on a real
 * blog. Word frequencies follow a steep curve (the first words of VOCABULARY are the most common),
 * which gives each post a few hundred distinct words and so a tsvector of realistic size.
 */
import type { Client } from 'pg';

export const CATEGORIES = [
  { slug: 'travel', name: 'Travel', language: 'en' },
  { slug: 'english', name: 'English lessons', language: 'en' },
  { slug: 'poems', name: 'Poems', language: 'en' },
  { slug: 'seo', name: 'SEO', language: 'en' },
  { slug: 'life', name: 'Life', language: 'en' },
];
/** The category of the Vietnamese versions (a post's category is in its language). */
const VIETNAMESE_CATEGORY = { slug: 'du-lich', name: 'Du lịch', language: 'vi' };
/**
 * One post in this many is the Vietnamese version of the post before it (`/vi/{slug}`, linked as its
 * translation): the second language's pages are crawled and measured with the others.
 */
export const TRANSLATED_EVERY = 10;

// Most common first. Accented on purpose: the search folds accents on both sides.
const ENGLISH = `the and to of a in is you that it for on with as was are this be at have from or by one
had not but what all were when we there can an your which their said if do will each about how up out
them then she many some so these would other into has more her two like him see time could no make than
first been its who now people my made over did down only way find use may water long little very after
words called just where most know get through back much go good new write our me man too any day same
right look think also around another came come work three must because does part even place well such
here take why help put different away again off went old number great tell men say small every found
still between name should home big give air line set own under read last never us left end along while
might next sound below saw something thought both few those always show large often together asked house
world going want school important until form food keep children feet land side without boy once animal
life enough took four head above kind began almost live page got earth need far hand high year mother
light country father let night picture being study second soon story since white ever paper hard near
sentence better best across during today however sure knew try told young sun thing whole hear example
heard several change answer room sea against top turned learn point city play toward five himself usually
money seen car morning body upon family later turn move face door cut done group true leave color red
friends easy travel english lesson grammar vocabulary beach mountain coffee market street river village
train bus ticket hotel`.split(/\s+/);

const VIETNAMESE = `và của là có không một những được cho với các người trong này đã đi khi để ra năm lại thì
như đến cũng nhưng từ rất nhiều về làm sẽ mình còn ở bạn tôi chúng ta ngày nơi đó thể nên phải biết học
tiếng anh việt nam hà nội sài gòn đà nẵng huế hội an sa pa hạ long phố cổ biển núi sông chợ cà phê phở
bánh mì bún chả du lịch chuyến đường xe máy tàu khách sạn mùa xuân thu đông mưa nắng gió trời đẹp vui
buồn thơ yêu nhớ quê hương gia đình mẹ cha con bài ngữ pháp vựng phát âm nghe nói đọc viết luyện thi
giao tiếp câu chuyện kinh nghiệm chia sẻ mẹo hay nhất mới cũ lớn nhỏ xanh trắng đỏ vàng sáng tối sớm
muộn`.split(/\s+/);

/** Tags for `meta_keywords`, most common first: the related posts of a post are those sharing them. */
const KEYWORDS = `du lịch,Hà Nội,Sài Gòn,Đà Nẵng,Huế,Hội An,Sa Pa,Hạ Long,phở,cà phê,biển,núi,xe máy,travel,food,
grammar,vocabulary,pronunciation,IELTS,TOEIC,phrasal verbs,idioms,tenses,listening,speaking,writing,reading,
thơ,mùa thu,mùa xuân,quê hương,tình yêu,gia đình,street food,hostel,budget,backpacking,train,beach,photography`
  .split(',')
  .map((keyword) => keyword.trim());

/** English and Vietnamese interleaved, so both languages have common and rare words. */
export const VOCABULARY = ENGLISH.flatMap((word, i) => (i < VIETNAMESE.length ? [word, VIETNAMESE[i]] : [word]));

/** A word of the vocabulary that is in most posts (also in many titles): the benchmarks search for it. */
export const COMMON_WORD = 'tieng';

export const WORDS_PER_POST = 900;
export const POST_SLUG_PREFIX = 'bench-post-';

/** Creates the categories (once) and returns their ids: the English ones', and the Vietnamese one's. */
export async function seedCategories(client: Client): Promise<{ english: number[]; vietnamese: number }> {
  const rows: Array<{ id: number; language: string }> = (
    await client.query(
      `INSERT INTO categories (name, slug, language)
       SELECT name, slug, language FROM json_to_recordset($1::json) AS c(name text, slug text, language text)
       ON CONFLICT (language, slug) DO UPDATE SET name = excluded.name
       RETURNING id, language`,
      [JSON.stringify([...CATEGORIES, VIETNAMESE_CATEGORY])],
    )
  ).rows;
  return {
    english: rows.filter((row) => row.language === 'en').map((row) => row.id),
    vietnamese: rows.find((row) => row.language === 'vi')?.id as number,
  };
}

/** Posts inserted per statement: each batch commits and reports, so 100 000 posts show their progress. */
export const SEED_BATCH = 5_000;

/**
 * Inserts posts number `from` to `to` (slugs `bench-post-{n}`), one in 47 hidden, each updated half
 * an hour after the previous one (100 000 posts end in 2025, all published), in batches of
 * SEED_BATCH, telling `onProgress` the last post inserted. Deterministic for a given range and
 * batch size: the random generator is seeded per batch.
 */
export async function seedPosts(
  client: Client,
  from: number,
  to: number,
  onProgress: (inserted: number) => void = () => undefined,
): Promise<void> {
  const categories = await seedCategories(client);
  for (let start = from; start <= to; start += SEED_BATCH) {
    const end = Math.min(to, start + SEED_BATCH - 1);
    await seedBatch(client, categories, start, end);
    onProgress(end);
  }
  // What autovacuum would do soon after on a live site: fresh statistics and a visibility map.
  await client.query('VACUUM ANALYZE posts');
  await client.query('VACUUM ANALYZE post_keywords');
  await client.query('VACUUM ANALYZE categories');
}

async function seedBatch(
  client: Client,
  categories: { english: number[]; vietnamese: number },
  from: number,
  to: number,
): Promise<void> {
  // `words(k)`: k words drawn from the vocabulary, the first ones far more often (random()^2.5).
  // Each LATERAL draw refers to the post number `n`, so it is drawn anew for every post.
  await client.query(`SELECT setseed($1)`, [(from % 1000) / 1000]);
  await client.query(
    `INSERT INTO posts (category_id, title, slug, short_content, content, meta_keywords, status, created_at, updated_at,
                        published_at, language, translation_group)
     SELECT CASE WHEN n % $8 = 0 THEN $9 ELSE ($1::int[])[1 + n % cardinality($1::int[])] END,
            title.text,
            $3 || n,
            '<p>' || short.text || '</p>',
            '<p>' || body.html || '</p>',
            keywords.text,
            CASE WHEN n % 47 = 0 THEN 1 ELSE 0 END,
            timestamptz '2020-01-01' + n * interval '30 minutes',
            timestamptz '2020-01-01' + n * interval '30 minutes',
            timestamptz '2020-01-01' + n * interval '30 minutes',
            CASE WHEN n % $8 = 0 THEN 'vi' ELSE 'en' END,
            -- A Vietnamese version and the English post before it share a group.
            CASE WHEN n % $8 IN (0, $8 - 1) THEN md5('bench-pair-' || ((n + 1) / $8))::uuid END
     FROM generate_series($4::int, $5::int) AS n,
     LATERAL (SELECT upper(left(words, 1)) || substr(words, 2) AS text
              FROM (SELECT string_agg(($2::text[])[1 + floor(power(random(), 2.5) * cardinality($2::text[]))::int], ' ') AS words
                    FROM generate_series(1, 6) AS i WHERE n > 0) AS drawn) AS title,
     LATERAL (SELECT string_agg(($2::text[])[1 + floor(power(random(), 2.5) * cardinality($2::text[]))::int], ' ') AS text
              FROM generate_series(1, 30) AS i WHERE n > 0) AS short,
     LATERAL (SELECT string_agg(CASE WHEN i % 40 = 0 THEN '<strong>' || word || '</strong>' ELSE word END,
                                -- a paragraph every 75 words
                                CASE WHEN i % 75 = 0 THEN '</p><p>' ELSE ' ' END ORDER BY i) AS html
              FROM (SELECT i, ($2::text[])[1 + floor(power(random(), 2.5) * cardinality($2::text[]))::int] AS word
                    FROM generate_series(1, $6::int) AS i WHERE n > 0) AS drawn) AS body,
     -- Three tags, the first ones of KEYWORDS far more often, as a blog's tags are.
     LATERAL (SELECT string_agg(($7::text[])[1 + floor(power(random(), 2) * cardinality($7::text[]))::int], ', ') AS text
              FROM generate_series(1, 3) AS i WHERE n > 0) AS keywords`,
    [
      categories.english,
      VOCABULARY,
      POST_SLUG_PREFIX,
      from,
      to,
      WORDS_PER_POST,
      KEYWORDS,
      TRANSLATED_EVERY,
      categories.vietnamese,
    ],
  );
}

/** The portfolio's size in the benchmarks (the owner of a busy freelance practice, after years). */
export const BENCH_PROJECTS = 200;
export const PROJECT_SLUG_PREFIX = 'bench-project-';
const PROJECT_STACKS = ['react', 'node.js', 'wordpress', 'php', 'typescript', 'postgresql', 'next.js', 'tailwind-css'];

/**
 * Inserts `count` published projects (slugs `bench-project-{n}`), one in ten featured, each with three
 * stack tags, a summary, three case-study sections of about 300 words and two results, as the admin
 * would save them.
 */
export async function seedProjects(client: Client, count = BENCH_PROJECTS): Promise<void> {
  await client.query(`SELECT setseed(0.5)`);
  await client.query(
    `INSERT INTO projects (title, slug, client_name, year_from, role, team_size, stack, summary, problem, approach,
                           outcome, results, featured, sort_order, published_at)
     SELECT 'Project ' || n || ': ' || summary.text, $1 || n, 'Client ' || n, 2010 + n % 15, 'Design and development',
            1 + n % 4, ARRAY[($2::text[])[1 + n % 8], ($2::text[])[1 + (n + 3) % 8], ($2::text[])[1 + (n + 5) % 8]],
            summary.text, '<p>' || body.html || '</p>', '<p>' || body.html || '</p>', '<p>' || body.html || '</p>',
            jsonb_build_array(jsonb_build_object('label', 'Page load', 'value', '4.1 s → 0.9 s'),
                              jsonb_build_object('label', 'Bookings', 'value', '+' || n % 50 || ' %')),
            n % 10 = 0, n, timestamptz '2024-01-01' + n * interval '1 day'
     FROM generate_series(1, $3::int) AS n,
     LATERAL (SELECT string_agg(($4::text[])[1 + floor(power(random(), 2.5) * cardinality($4::text[]))::int], ' ') AS text
              FROM generate_series(1, 12) AS i WHERE n > 0) AS summary,
     LATERAL (SELECT string_agg(($4::text[])[1 + floor(power(random(), 2.5) * cardinality($4::text[]))::int], ' ') AS html
              FROM generate_series(1, 300) AS i WHERE n > 0) AS body
     ON CONFLICT (slug) WHERE deleted_at IS NULL DO NOTHING`,
    [PROJECT_SLUG_PREFIX, PROJECT_STACKS, count, VOCABULARY],
  );
  await client.query('VACUUM ANALYZE projects');
}
