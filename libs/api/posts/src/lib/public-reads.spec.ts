import request from 'supertest';
import { DataSource } from 'typeorm';
import { POST_STATUS, SEARCH_RESULTS_LIMIT } from '@blog/contracts';
import type { CategoryEntity } from '@blog/api/data';
import { createCategory, createPost, queryPlanOf, useTestApp } from '@blog/api/testing';
import { PostsModule } from './posts.module';
import { PostsService } from './posts.service';
import { HEAD_CANDIDATES, SEARCH_SQL } from './search-query';

const day = (n: number) => new Date(Date.UTC(2025, 0, n, 12));

/**
 * How the public reads scale: search ranks in tiers without reading every match, lists load only
 * card columns and take their totals from the kept counts. Shapes are covered by posts.spec.ts.
 */
describe('public post reads at scale', () => {
  const t = useTestApp([PostsModule]);
  let posts: PostsService;
  let travel: CategoryEntity;
  let poems: CategoryEntity;
  const slugsOf = (cards: Array<{ slug: string }>) => cards.map((card) => card.slug);

  beforeAll(async () => {
    posts = t.app.get(PostsService);
    travel = await createCategory(t.database, { slug: 'travel' });
    poems = await createCategory(t.database, { slug: 'poems' });
  });

  beforeEach(async () => {
    await t.database.dataSource.query('DELETE FROM posts');
  });

  describe('search ranking', () => {
    it('ranks a title match above a short content match above content matches, whatever their dates', async () => {
      await createPost(t.database, travel, { slug: 'in-title', title: 'Lantern festival', updatedAt: day(1) });
      await createPost(t.database, travel, {
        slug: 'in-short-content',
        short_content: '<p>A lantern story</p>',
        updatedAt: day(2),
      });
      await createPost(t.database, travel, {
        slug: 'in-content-once',
        content: '<p>One lantern on the river</p>',
        updatedAt: day(5),
      });
      await createPost(t.database, travel, {
        slug: 'in-content-thrice',
        content: '<p>A lantern, a <em>lantern</em> and a lantern</p>',
        updatedAt: day(3),
      });
      await createPost(t.database, travel, {
        slug: 'hidden-title',
        title: 'Lantern draft',
        status: POST_STATUS.hidden,
        updatedAt: day(9),
      });
      // Among content matches, ts_rank still decides: three mentions before one, though older.
      expect(slugsOf(await posts.search('lantern'))).toEqual([
        'in-title',
        'in-short-content',
        'in-content-thrice',
        'in-content-once',
      ]);
    });

    it('ranks title matches by their rank first, then newest first', async () => {
      await createPost(t.database, travel, { slug: 'once-new', title: 'Hội An by night', updatedAt: day(4) });
      await createPost(t.database, travel, { slug: 'once-old', title: 'Hội An in spring', updatedAt: day(2) });
      await createPost(t.database, travel, {
        slug: 'twice-oldest',
        title: 'Hội An, old town',
        short_content: '<p>Why Hội An?</p>',
        updatedAt: day(1),
      });
      expect(slugsOf(await posts.search('hoi an'))).toEqual(['twice-oldest', 'once-new', 'once-old']);
    });

    it('ranks every title or short content match of a word in fewer than HEAD_CANDIDATES posts, the newest HEAD_CANDIDATES of a commoner one', async () => {
      await createPost(t.database, travel, {
        slug: 'old-title',
        title: 'Lantern, lantern',
        short_content: '<p>Lantern</p>',
        updatedAt: day(1),
      });
      /** `count` newer posts with the word once in their short content. */
      const addShortMatches = (from: number, count: number) =>
        t.database.dataSource.query(
          `INSERT INTO posts (category_id, title, slug, short_content, content, status, updated_at, published_at)
           SELECT $1::int, 'Walk ' || n, 'short-' || n, '<p>A lantern walk</p>', '<p>x</p>', 0,
                  timestamptz '2025-06-01' + n * interval '1 hour', timestamptz '2025-06-01' + n * interval '1 hour'
           FROM generate_series($2::int, $3::int) AS n`,
          [travel.id, from, from + count - 1],
        );
      await addShortMatches(1, HEAD_CANDIDATES - 1);
      // Every match is ranked: the oldest, with the word in its title, first.
      expect(slugsOf(await posts.search('lantern'))[0]).toBe('old-title');
      await addShortMatches(HEAD_CANDIDATES, 1);
      // One more: the ranking is bounded to the newest HEAD_CANDIDATES, newest first among equals.
      const found = slugsOf(await posts.search('lantern'));
      expect(found).toHaveLength(SEARCH_RESULTS_LIMIT);
      expect(found).not.toContain('old-title');
      expect(found[0]).toBe(`short-${HEAD_CANDIDATES}`);
    });

    it('finds the words of a query spread over the title and the content', async () => {
      await createPost(t.database, travel, {
        slug: 'spread',
        title: 'Học tiếng Anh',
        content: '<p>Luyện nghe mỗi ngày</p>',
      });
      expect(slugsOf(await posts.search('hoc luyen'))).toEqual(['spread']);
    });

    it('fills the answer with title matches before any content match', async () => {
      for (let n = 1; n <= SEARCH_RESULTS_LIMIT + 5; n++) {
        await createPost(t.database, travel, {
          slug: `title-${n}`,
          title: `Phở number ${n}`,
          updatedAt: day(1 + (n % 20)),
        });
      }
      await createPost(t.database, travel, { slug: 'content-only', content: '<p>phở phở phở</p>', updatedAt: day(28) });
      const found = await posts.search('pho');
      expect(found).toHaveLength(SEARCH_RESULTS_LIMIT);
      expect(slugsOf(found)).not.toContain('content-only');
      const dates = found.map((card) => card.updated_at);
      expect(dates).toEqual([...dates].sort().reverse());
    });
  });

  describe('the search query', () => {
    beforeEach(async () => {
      await t.database.dataSource.query(
        `INSERT INTO posts (category_id, title, slug, short_content, content, status, updated_at, published_at)
         SELECT $1::int,
                CASE WHEN n % 4 = 0 THEN 'Học tiếng Anh bài ' || n ELSE 'Chuyến đi số ' || n END,
                'plan-post-' || n, '<p>Tóm tắt ' || n || '</p>',
                '<p>Nội dung số ' || n || ' về tiếng Anh và núi rừng</p>',
                CASE WHEN n % 10 = 0 THEN 1 ELSE 0 END,
                timestamptz '2025-01-01' + n * interval '1 hour',
                timestamptz '2025-01-01' + n * interval '1 hour'
         FROM generate_series(1, 400) AS n`,
        [travel.id],
      );
      await t.database.dataSource.query('ANALYZE posts');
    });

    /** The plan of the search for `tsquery`, executed, with sequential scans made as costly as possible. */
    const searchPlan = (tsquery: string) =>
      queryPlanOf(t.database, SEARCH_SQL, [tsquery, SEARCH_RESULTS_LIMIT, 'en'], { analyze: true });

    it('does not search the content when titles and short contents fill the answer', async () => {
      const plan = await searchPlan('tieng & anh:*');
      expect(plan).not.toContain('Seq Scan on posts');
      expect(plan).toContain('IDX_posts_search_head');
      // The content tier sits under its gate, and its scan never ran.
      const contentTier = plan.slice(plan.indexOf('One-Time Filter'));
      expect(contentTier).toMatch(/Scan .*on posts.*never executed/);
    });

    it('searches the newest content matches when the titles do not fill the answer', async () => {
      const plan = await searchPlan('nui & rung:*');
      expect(plan).not.toContain('Seq Scan on posts');
      expect(plan).not.toContain('never executed');
      expect(slugsOf(await posts.search('núi rừng'))).toHaveLength(SEARCH_RESULTS_LIMIT);
    });
  });

  describe('lists', () => {
    it('never read the content of a post, except for its own page', async () => {
      await createPost(t.database, travel, { slug: 'one', title: 'Lantern' });
      await createPost(t.database, poems, { slug: 'two', content: '<p>lantern</p>' });
      const runner = t.app.get(DataSource).createQueryRunner();
      const spy = jest.spyOn(Object.getPrototypeOf(runner), 'query');
      await runner.release();
      // Without the SQL comments, which may talk about the content.
      const sqlOf = () => spy.mock.calls.map(([sql]) => String(sql).replace(/--.*$/gm, '')).join('\n');
      // `content` as a column of its own (short_content is a card column).
      const content = /(?<!_)\bcontent\b/;
      try {
        await posts.home();
        await posts.page(1);
        await posts.byCategory('travel', 1);
        expect(await posts.search('lantern')).toHaveLength(2);
        expect(sqlOf()).not.toMatch(content);
        // The spy does see the content when it is read.
        await posts.detail('one');
        expect(sqlOf()).toMatch(content);
      } finally {
        spy.mockRestore();
      }
    });

    it('answer the true totals as posts are created, hidden, moved and deleted', async () => {
      const get = async (path: string) => (await request(t.app.getHttpServer()).get(path).expect(200)).body;
      const first = await createPost(t.database, travel);
      await createPost(t.database, travel);
      await createPost(t.database, poems);
      await createPost(t.database, poems, { status: POST_STATUS.hidden });
      expect((await get('/api/gst-postsPagination/1')).total).toBe(3);
      expect((await get('/api/gst-postsByCategory/travel/1')).total).toBe(2);

      await t.database.dataSource.query('UPDATE posts SET category_id = $1 WHERE id = $2', [poems.id, first.id]);
      expect((await get('/api/gst-postsByCategory/travel/1')).total).toBe(1);
      expect((await get('/api/gst-postsByCategory/poems/1')).total).toBe(2);

      await t.database.dataSource.query('UPDATE posts SET status = $1 WHERE category_id = $2', [
        POST_STATUS.hidden,
        poems.id,
      ]);
      expect(await get('/api/gst-postsPagination/1')).toMatchObject({ total: 1 });
      expect(await get('/api/gst-postsByCategory/poems/1')).toEqual({
        category_name: [{ name: poems.name }],
        category: { id: poems.id, name: poems.name, slug: 'poems', language: 'en', translations: [] },
        posts: [],
        total: 0,
      });
    });
  });
});
