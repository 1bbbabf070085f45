import request from 'supertest';
import { z } from 'zod';
import {
  categoryPostsPageSchema,
  homeDataSchema,
  type PostCard,
  POST_STATUS,
  postCardSchema,
  postDetailSchema,
  postLinkSchema,
  postsPageSchema,
} from '@blog/contracts';
import { CategoryEntity, PostEntity, UploadEntity } from '@blog/api/data';
import { createCategory, createPost, useTestApp } from '@blog/api/testing';
import { PostsModule } from './posts.module';
import { PostsRouter } from './posts.router';

const POST_CARD_KEYS = Object.keys(postCardSchema.shape).sort();
const day = (n: number) => new Date(Date.UTC(2025, 0, n, 12));

describe('public posts (REST and tRPC)', () => {
  const t = useTestApp([PostsModule]);
  const trpc = t.caller(PostsRouter);
  let travel: CategoryEntity;
  let poems: CategoryEntity;
  /** 9 visible travel posts, newest first. */
  let travelPosts: PostEntity[];
  let hidden: PostEntity;

  const get = (path: string) => request(t.app.getHttpServer()).get(path);

  beforeAll(async () => {
    travel = await createCategory(t.database, { slug: 'story', name: 'Story' });
    poems = await createCategory(t.database, { slug: 'poem', name: 'Poem' });
    travelPosts = [];
    for (let n = 1; n <= 9; n++) {
      travelPosts.unshift(
        await createPost(t.database, travel, { slug: `travel-${n}`, title: `Travel ${n}`, updatedAt: day(n) }),
      );
    }
    await createPost(t.database, poems, {
      slug: 'rain-poem',
      title: 'Mưa trên phố',
      updatedAt: day(10),
      color: 'Blue',
      price: 'Free',
      thumbnail: 'rain.jpg',
    });
    hidden = await createPost(t.database, travel, {
      slug: 'secret-draft',
      title: 'Secret draft about Hà Giang',
      status: POST_STATUS.hidden,
      updatedAt: day(20),
    });
  });

  describe('GET /api/homeData', () => {
    it('answers the 8 most recently updated visible posts as full post cards', async () => {
      const res = await get('/api/homeData').expect(200);
      const body = homeDataSchema.parse(res.body);
      expect(body.posts.map((post) => post.slug)).toEqual([
        'rain-poem',
        ...travelPosts.slice(0, 7).map((post) => post.slug),
      ]);
      expect(Object.keys(res.body.posts[0]).sort()).toEqual(POST_CARD_KEYS);
      expect(res.body.posts[0]).toMatchObject({
        title: 'Mưa trên phố',
        imageAlt: 'Mưa trên phố',
        thumbnail: 'rain.jpg',
        category_slug: 'poem',
        category_name: 'Poem',
        color: 'Blue',
        price: 'Free',
        updated_at: day(10).toISOString(),
      });
      expect(await trpc.home()).toEqual(res.body);
    });
  });

  describe('comment_count on the cards', () => {
    afterEach(() => t.database.dataSource.query(`DELETE FROM comments`));

    it('counts the shown comments (approved, replies under a shown comment), the same on every list and door', async () => {
      const [post] = travelPosts;
      const comment = async (state: string, parentId: number | null = null) =>
        (
          await t.database.dataSource.query(
            `INSERT INTO comments (post_id, parent_id, author_name, author_email, body, state)
             VALUES ($1, $2, 'Lan', 'lan@example.com', 'Hi', $3) RETURNING id`,
            [post.id, parentId, state],
          )
        )[0].id as number;
      const shown = await comment('approved');
      await comment('approved', shown);
      await comment('pending');
      await comment('spam');
      // A reply under a trashed comment is not shown, so not counted.
      await comment('approved', await comment('trash'));
      const countOf = (cards: PostCard[]) => cards.find((card) => card.id === post.id)?.comment_count;
      const home = (await get('/api/homeData').expect(200)).body.posts;
      expect(countOf(home)).toBe(2);
      expect(countOf((await get('/api/gst-postsPagination/1').expect(200)).body.posts)).toBe(2);
      expect(countOf((await trpc.search({ term: 'Travel' })) as PostCard[])).toBe(2);
      expect(home.find((card: PostCard) => card.slug === 'rain-poem').comment_count).toBe(0);
    });
  });

  describe('GET /api/homeData/:slug', () => {
    it('answers the detail of a visible post', async () => {
      const res = await get('/api/homeData/travel-3').expect(200);
      const detail = postDetailSchema.strict().parse(res.body);
      expect(detail).toMatchObject({
        slug: 'travel-3',
        title: 'Travel 3',
        content: '<p>Content of travel-3</p>',
        category_slug: 'story',
        category_name: 'Story',
        meta_title: 'Meta travel-3',
      });
      expect(await trpc.bySlug({ slug: 'travel-3' })).toEqual(res.body);
      expect(detail).toMatchObject({ thumbnail: null, thumbnail_width: null, thumbnail_height: null });
    });

    it('gives the size of the thumbnail as stored with the upload (unknown when there is no such upload)', async () => {
      // The size is all that is read: the bytes stand in for a 1200 × 630 PNG.
      await t.database.dataSource.getRepository(UploadEntity).insert({
        name: 'wide.png',
        content: Buffer.from('png'),
        content_type: 'image/png',
        width: 1200,
        height: 630,
        original_width: 1200,
        original_height: 630,
        byte_size: 3,
      });
      // The other tests count the visible posts: these two leave when done.
      const added = [
        await createPost(t.database, travel, {
          slug: 'with-thumbnail',
          title: 'Sized thumbnail',
          thumbnail: 'wide.png',
        }),
        await createPost(t.database, travel, { slug: 'with-missing-file', thumbnail: 'gone.png' }),
      ];
      try {
        const sized = await get('/api/homeData/with-thumbnail').expect(200);
        expect(sized.body).toMatchObject({ thumbnail: 'wide.png', thumbnail_width: 1200, thumbnail_height: 630 });
        expect(await trpc.bySlug({ slug: 'with-thumbnail' })).toEqual(sized.body);
        const unknown = await get('/api/homeData/with-missing-file').expect(200);
        expect(unknown.body).toMatchObject({ thumbnail: 'gone.png', thumbnail_width: null, thumbnail_height: null });
        // Cards carry it too (their srcset lists only the variants an image that wide has).
        const cards: PostCard[] = (await get('/api/homeData').expect(200)).body.posts;
        expect(cards.find((card) => card.slug === 'with-thumbnail')).toMatchObject({
          thumbnail_width: 1200,
          thumbnail_height: 630,
        });
        expect(cards.find((card) => card.slug === 'with-missing-file')).toMatchObject({
          thumbnail_width: null,
          thumbnail_height: null,
        });
        const found = await trpc.search({ term: 'sized thumbnail' });
        expect(found.find((card) => card.slug === 'with-thumbnail')).toMatchObject({ thumbnail_width: 1200 });
      } finally {
        await t.database.dataSource.getRepository(PostEntity).delete(added.map((post) => post.id));
      }
    });

    it('gives the reading time of a post on its card and its page, on both doors', async () => {
      // 660 Vietnamese syllables and 5 images: 3 minutes of text and one of images.
      const content = `<p>${'Tôi đi học tiếng Anh ở Hà Nội mỗi sáng. '.repeat(66)}</p>${'<p><img src="/uploads/a.jpg"></p>'.repeat(5)}`;
      const added = [
        await createPost(t.database, travel, { slug: 'long-read', title: 'Long read', content }),
        await createPost(t.database, travel, {
          slug: 'short-read',
          title: 'Short read',
          content: '<p>Một bài thơ ngắn.</p>',
        }),
      ];
      try {
        const long = await get('/api/homeData/long-read').expect(200);
        expect(long.body.reading_minutes).toBe(4);
        expect((await trpc.bySlug({ slug: 'long-read' })).reading_minutes).toBe(4);
        expect((await get('/api/homeData/short-read').expect(200)).body.reading_minutes).toBe(1);
        const cards: PostCard[] = (await get('/api/homeData').expect(200)).body.posts;
        expect(
          cards.filter((card) => card.slug.endsWith('-read')).map((card) => [card.slug, card.reading_minutes]),
        ).toEqual([
          ['short-read', 1],
          ['long-read', 4],
        ]);
        const found = await trpc.search({ term: 'long read' });
        expect(found.find((card) => card.slug === 'long-read')?.reading_minutes).toBe(4);
      } finally {
        await t.database.dataSource.getRepository(PostEntity).delete(added.map((post) => post.id));
      }
    });

    it('answers 404 for an unknown or a hidden post, on both doors', async () => {
      for (const slug of ['no-such-post', hidden.slug]) {
        const res = await get(`/api/homeData/${slug}`).expect(404);
        expect(res.body).toMatchObject({ statusCode: 404, message: 'Post not found' });
        await expect(trpc.bySlug({ slug })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      }
    });

    it('refuses a slug with a NUL character with 400 naming it, on both doors (never a database error)', async () => {
      const res = await get('/api/homeData/a%00b').expect(400);
      expect(res.body.errors).toEqual([{ field: 'slug', message: 'must not contain a NUL character' }]);
      await expect(trpc.bySlug({ slug: 'a\u0000b' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await expect(trpc.redirect({ slug: 'a\u0000b' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    });
  });

  describe('GET /api/randomPosts', () => {
    it('answers up to 5 visible posts as {id, slug, title}', async () => {
      const res = await get('/api/randomPosts').expect(200);
      const links = z.array(postLinkSchema.strict()).parse(res.body);
      expect(links.map((post) => post.slug)).toEqual([
        'rain-poem',
        ...travelPosts.slice(0, 4).map((post) => post.slug),
      ]);
      expect(await trpc.recent()).toEqual(res.body);
    });
  });

  describe('GET /api/relatedPosts/:slug', () => {
    it('answers the visible posts of the same category or sharing keywords, best first, on both doors', async () => {
      const road = await createCategory(t.database, { slug: 'road', name: 'Road' });
      const food = await createCategory(t.database, { slug: 'food', name: 'Food' });
      const make = (slug: string, category: CategoryEntity, meta_keywords: string, n: number, hidden = false) =>
        createPost(t.database, category, {
          slug,
          meta_keywords,
          updatedAt: day(n),
          status: hidden ? POST_STATUS.hidden : POST_STATUS.visible,
        });
      const added = [
        await make('loop', road, 'Hà Giang, motorbike, mountains', 1),
        // Same category, two shared keywords (one written without accents): 4.
        await make('pass', road, 'ha giang , Mountains', 2),
        // Another category, two shared keywords: 2; and the same category, none: 2 (the newer first).
        await make('pho', food, 'hà giang, motorbike', 3),
        await make('rest-stop', road, '', 4),
        // One shared keyword: 1 (beyond the three shown).
        await make('bike-shop', food, 'motorbike', 5),
        // Nothing in common, and a hidden post of the same category: never.
        await make('banh-mi', food, 'bread', 6),
        await make('draft-loop', road, 'Hà Giang, motorbike, mountains', 7, true),
      ];
      try {
        const res = await get('/api/relatedPosts/loop').expect(200);
        expect(
          z
            .array(postCardSchema.strict())
            .parse(res.body)
            .map((card) => card.slug),
        ).toEqual(['pass', 'rest-stop', 'pho']);
        expect(await trpc.related({ slug: 'loop' })).toEqual(res.body);
        expect((await trpc.related({ slug: 'banh-mi' })).map((card) => card.slug)).toEqual(['bike-shop', 'pho']);
      } finally {
        await t.database.dataSource.getRepository(PostEntity).delete(added.map((post) => post.id));
      }
    });

    it('answers the visible posts among ids as cards, in the order asked (tRPC posts.byIds)', async () => {
      const road = await createCategory(t.database, { slug: 'by-ids', name: 'By ids' });
      const shown = await createPost(t.database, road, { slug: 'by-ids-shown' });
      const other = await createPost(t.database, road, { slug: 'by-ids-other' });
      const hidden = await createPost(t.database, road, { slug: 'by-ids-hidden', status: POST_STATUS.hidden });
      try {
        const cards = await trpc.byIds({ ids: [other.id, hidden.id, 999_999, shown.id] });
        expect(
          z
            .array(postCardSchema.strict())
            .parse(cards)
            .map((card) => card.slug),
        ).toEqual(['by-ids-other', 'by-ids-shown']);
        expect(await trpc.byIds({ ids: [] })).toEqual([]);
      } finally {
        await t.database.dataSource.getRepository(PostEntity).delete([shown.id, other.id, hidden.id]);
      }
    });

    it('compares keywords as PostgreSQL stores them: trimmed, lower case, accents folded, each once, indexed while shown', async () => {
      const road = await createCategory(t.database, { slug: 'keywords-road', name: 'Keywords road' });
      const post = await createPost(t.database, road, {
        slug: 'keywords',
        meta_keywords: ' Hà Giang,, MOUNTAINS ,ha giang, ',
      });
      try {
        const read = () =>
          t.database.dataSource.query(`SELECT keywords FROM posts WHERE id = $1`, [post.id]) as Promise<
            Array<{ keywords: string[] }>
          >;
        expect((await read())[0].keywords).toEqual(['ha giang', 'mountains']);
        await t.database.dataSource.query(`UPDATE posts SET meta_keywords = 'Phở' WHERE id = $1`, [post.id]);
        expect((await read())[0].keywords).toEqual(['pho']);
        // The index the related posts are read from follows: only shown posts out of the trash are in it.
        const indexed = async () =>
          (
            (await t.database.dataSource.query(`SELECT keyword FROM post_keywords WHERE post_id = $1`, [
              post.id,
            ])) as Array<{ keyword: string }>
          ).map((row) => row.keyword);
        expect(await indexed()).toEqual(['pho']);
        await t.database.dataSource.query(`UPDATE posts SET status = 1 WHERE id = $1`, [post.id]);
        expect(await indexed()).toEqual([]);
        await t.database.dataSource.query(`UPDATE posts SET status = 0, deleted_at = now() WHERE id = $1`, [post.id]);
        expect(await indexed()).toEqual([]);
        await t.database.dataSource.query(`UPDATE posts SET deleted_at = NULL WHERE id = $1`, [post.id]);
        expect(await indexed()).toEqual(['pho']);
      } finally {
        await t.database.dataSource.getRepository(PostEntity).delete(post.id);
        await t.database.dataSource.getRepository(CategoryEntity).delete(road.id);
      }
    });

    it('answers 404 for an unknown or a hidden post, and 400 for a bad slug, on both doors', async () => {
      for (const slug of ['no-such-post', hidden.slug]) {
        expect((await get(`/api/relatedPosts/${slug}`).expect(404)).body).toMatchObject({ message: 'Post not found' });
        await expect(trpc.related({ slug })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      }
      expect((await get('/api/relatedPosts/a%00b').expect(400)).body.errors).toEqual([
        expect.objectContaining({ field: 'slug' }),
      ]);
    });
  });

  describe('GET /api/gst-postsPagination/:page', () => {
    it('pages the 10 visible posts 6 at a time, newest first, with the true total', async () => {
      const first = postsPageSchema.parse((await get('/api/gst-postsPagination/1').expect(200)).body);
      const second = postsPageSchema.parse((await get('/api/gst-postsPagination/2').expect(200)).body);
      expect(first.total).toBe(10);
      expect(second.total).toBe(10);
      expect(first.posts).toHaveLength(6);
      expect(second.posts).toHaveLength(4);
      const slugs = [...first.posts, ...second.posts].map((post) => post.slug);
      expect(slugs).toEqual(['rain-poem', ...travelPosts.map((post) => post.slug)]);
      expect(await trpc.page({ page: 2 })).toEqual(second);
    });

    it('answers an empty page with the true total past the end', async () => {
      const res = await get('/api/gst-postsPagination/3').expect(200);
      expect(res.body).toEqual({ posts: [], total: 10 });
    });

    it.each(['0', '-1', '1.5', 'abc', '99999999999'])('refuses the page %p with 400 naming the field', async (page) => {
      const res = await get(`/api/gst-postsPagination/${page}`).expect(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'page' })]);
      await expect(trpc.page({ page: page as unknown as number })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    });
  });

  describe('GET /api/gst-postsByCategory/:slug/:page', () => {
    it('pages the visible posts of one category with its name', async () => {
      const res = await get('/api/gst-postsByCategory/story/2').expect(200);
      const body = categoryPostsPageSchema.parse(res.body);
      expect(body.category_name).toEqual([{ name: 'Story' }]);
      expect(body.total).toBe(9);
      expect(body.posts.map((post) => post.slug)).toEqual(travelPosts.slice(6).map((post) => post.slug));
      expect(await trpc.byCategory({ slug: 'story', page: 2 })).toEqual(res.body);
    });

    it('answers 404 for an unknown category and 400 for a bad page', async () => {
      const missing = await get('/api/gst-postsByCategory/nope/1').expect(404);
      expect(missing.body.message).toBe('Category not found');
      await expect(trpc.byCategory({ slug: 'nope', page: 1 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await get('/api/gst-postsByCategory/story/0').expect(400);
    });
  });

  describe('GET /api/searchPosts/:term', () => {
    beforeAll(async () => {
      await createPost(t.database, poems, {
        slug: 'hoc-tieng-anh',
        title: 'Học tiếng Anh mỗi ngày',
        short_content: '<p>Mẹo nhỏ</p>',
        content: '<p>Luyện nghe và nói</p>',
        updatedAt: day(1),
      });
      await createPost(t.database, poems, {
        slug: 'mentions-english',
        title: 'A quiet evening',
        short_content: '<p>Nothing here</p>',
        content: '<p>We talked about <strong>tiếng Anh</strong> for hours</p>',
        updatedAt: day(2),
      });
    });

    it('finds posts without accents, the title match ranked first', async () => {
      const res = await get('/api/searchPosts/tieng anh').expect(200);
      const cards = z.array(postCardSchema).parse(res.body);
      expect(cards.map((post) => post.slug)).toEqual(['hoc-tieng-anh', 'mentions-english']);
      expect(await trpc.search({ term: 'tieng anh' })).toEqual(res.body);
    });

    it('matches with accents too, and the last word as a prefix', async () => {
      const accented = await get(`/api/searchPosts/${encodeURIComponent('tiếng Anh')}`).expect(200);
      expect(accented.body.map((post: { slug: string }) => post.slug)).toEqual(['hoc-tieng-anh', 'mentions-english']);
      const prefix = await get('/api/searchPosts/hoc tie').expect(200);
      expect(prefix.body.map((post: { slug: string }) => post.slug)).toEqual(['hoc-tieng-anh']);
    });

    it('searches short content and strips HTML tags', async () => {
      const res = await get('/api/searchPosts/meo').expect(200);
      expect(res.body.map((post: { slug: string }) => post.slug)).toEqual(['hoc-tieng-anh']);
      expect((await get('/api/searchPosts/strong').expect(200)).body).toEqual([]);
    });

    it('never answers hidden posts', async () => {
      expect((await get('/api/searchPosts/secret').expect(200)).body).toEqual([]);
      expect((await get('/api/searchPosts/ha giang').expect(200)).body).toEqual([]);
    });

    it('answers an empty list for a term with no words, and 400 for a blank one', async () => {
      expect((await get(`/api/searchPosts/${encodeURIComponent('!!! &')}`).expect(200)).body).toEqual([]);
      const blank = await get('/api/searchPosts/%20').expect(400);
      expect(blank.body.errors).toEqual([expect.objectContaining({ field: 'term' })]);
      await expect(trpc.search({ term: ' ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    });
  });
});
