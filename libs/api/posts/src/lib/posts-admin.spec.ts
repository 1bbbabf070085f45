import request from 'supertest';
import { z } from 'zod';
import {
  ADMIN_POSTS_PAGE_SIZE,
  adminPostCountsSchema,
  adminPostRowSchema,
  adminPostSchema,
  adminPostsPageSchema,
  OK,
  POST_STATUS,
} from '@blog/contracts';
import { RICH_TEXT_MAX_DEPTH } from '@blog/shared/html';
import { PostEntity, type CategoryEntity } from '@blog/api/data';
import {
  createCategory,
  createPost,
  expectAdminOnly,
  trpcHttp,
  useTestApp,
  type TestAgent as Agent,
} from '@blog/api/testing';
import { PostsModule } from './posts.module';
import { PostsRouter } from './posts.router';

const day = (n: number) => new Date(Date.UTC(2024, 0, n, 12));

const postsTrpc = trpcHttp<PostsRouter['router']>('posts');
const fieldsOf = (errors: Array<{ field: string }> | undefined) => (errors ?? []).map((error) => error.field);

describe('posts: the admin reads and writes (REST and tRPC)', () => {
  const t = useTestApp([PostsModule], { trpc: (nest) => ({ posts: nest.get(PostsRouter).router }), signIn: true });
  let travel: CategoryEntity;
  let poems: CategoryEntity;

  const posts = () => t.database.dataSource.getRepository(PostEntity);
  /** A valid body of `POST /api/posts`, as the spec's client sends it. */
  const body = (changes: Record<string, unknown> = {}) => ({
    category_id: travel.id,
    title: 'A slow week in Hội An',
    slug: `slow-week-${Math.random().toString(36).slice(2, 8)}`,
    content: '<p>Lanterns and <strong>rain</strong>.</p>',
    short_content: '<p>Lanterns.</p>',
    thumbnail: null,
    meta_title: 'Hội An',
    meta_description: 'A week in Hội An',
    meta_keywords: 'hoi an, travel',
    status: 0 as const,
    ...changes,
  });

  beforeAll(async () => {
    travel = await createCategory(t.database, { slug: 'travel', name: 'Travel' });
    poems = await createCategory(t.database, { slug: 'poems', name: 'Poems' });
  });

  describe('access: anonymous → 401, signed-in non-admin → 403, admin → 200', () => {
    const doors: Array<[string, (agent: Agent, post: PostEntity) => request.Test]> = [
      ['GET /api/posts', (agent) => agent.get('/api/posts')],
      ['GET /api/posts/counts', (agent) => agent.get('/api/posts/counts')],
      ['GET /api/posts/:id', (agent, post) => agent.get(`/api/posts/${post.id}`)],
      ['POST /api/posts', (agent, post) => agent.post('/api/posts').send(body({ slug: `new-${post.id}` }))],
      [
        'PUT /api/posts/:id',
        (agent, post) => agent.put(`/api/posts/${post.id}`).send(body({ slug: post.slug, title: 'Changed' })),
      ],
      ['DELETE /api/posts/:id', (agent, post) => agent.delete(`/api/posts/${post.id}`)],
      ['tRPC posts.adminList', (agent) => postsTrpc.query(agent, 'adminList')],
      ['tRPC posts.adminCounts', (agent) => postsTrpc.query(agent, 'adminCounts')],
      ['tRPC posts.adminById', (agent, post) => postsTrpc.query(agent, 'adminById', { id: post.id })],
      [
        'tRPC posts.create',
        (agent, post) => postsTrpc.mutation(agent, 'create', body({ slug: `trpc-new-${post.id}` })),
      ],
      [
        'tRPC posts.update',
        (agent, post) =>
          postsTrpc.mutation(agent, 'update', { id: post.id, ...body({ slug: post.slug, title: 'Changed' }) }),
      ],
      ['tRPC posts.delete', (agent, post) => postsTrpc.mutation(agent, 'delete', { id: post.id })],
    ];

    it.each(doors)('%s', async (door, call) => {
      const post = await createPost(t.database, travel, { title: 'Untouched' });
      const before = await posts().count();

      const { anonymous: anonymousRes, reader: memberRes } = await expectAdminOnly(
        door,
        (agent) => call(agent, post),
        t,
      );
      expect(JSON.stringify(anonymousRes.body) + JSON.stringify(memberRes.body)).not.toContain(post.slug);
      expect(await posts().count()).toBe(before);
      expect(await posts().findOneByOrFail({ id: post.id })).toMatchObject({ title: 'Untouched' });

      await call(t.admin, post).expect(200);
    });
  });

  describe('GET /api/posts and posts.adminList', () => {
    beforeAll(async () => {
      await t.database.dataSource.query('DELETE FROM posts');
      // More than a page, one in three hidden, with distinct update times (day n).
      for (let n = 1; n <= ADMIN_POSTS_PAGE_SIZE + 5; n++) {
        await createPost(t.database, n % 2 ? travel : poems, {
          slug: `listed-${n}`,
          title: n === 7 ? 'Mùa hoa tam giác mạch' : `Listed ${n}`,
          status: n % 3 === 0 ? POST_STATUS.hidden : POST_STATUS.visible,
          thumbnail: n === 1 ? 'thumb one.png' : null,
          updatedAt: day(n),
        });
      }
    });

    it('answers every post, hidden ones too, newest updated first, as admin rows without the HTML', async () => {
      const res = await t.admin.get('/api/posts').expect(200);
      const rows = z.array(adminPostRowSchema.strict()).parse(res.body);
      expect(rows).toHaveLength(ADMIN_POSTS_PAGE_SIZE + 5);
      expect(rows.map((row) => row.slug)).toEqual(
        Array.from({ length: ADMIN_POSTS_PAGE_SIZE + 5 }, (_, i) => `listed-${ADMIN_POSTS_PAGE_SIZE + 5 - i}`),
      );
      expect(rows.filter((row) => row.status === POST_STATUS.hidden)).toHaveLength(
        Math.floor((ADMIN_POSTS_PAGE_SIZE + 5) / 3),
      );
      expect(rows.at(-1)).toMatchObject({
        slug: 'listed-1',
        category_id: travel.id,
        category_name: 'Travel',
        thumbnail: 'thumb one.png',
        thumbnail_url: '/uploads/thumb%20one.png',
        status: 0,
        updated_at: day(1).toISOString(),
      });
      expect(res.body[0]).not.toHaveProperty('content');

      expect(res.headers['x-total-count']).toBe(String(ADMIN_POSTS_PAGE_SIZE + 5));

      const viaTrpc = await postsTrpc.query(t.admin, 'adminList').expect(200);
      expect(viaTrpc.body.result.data).toEqual({ rows: res.body, total: ADMIN_POSTS_PAGE_SIZE + 5 });
    });

    it('filters by title, ignoring accents and case, and pages 20 at a time', async () => {
      const found = await t.admin.get(`/api/posts?q=${encodeURIComponent('TAM GIAC')}`).expect(200);
      expect(found.body.map((row: { slug: string }) => row.slug)).toEqual(['listed-7']);
      expect((await t.admin.get('/api/posts?q=100%25').expect(200)).body).toEqual([]);

      const second = await t.admin.get('/api/posts?page=2').expect(200);
      expect(second.headers['x-total-count']).toBe(String(ADMIN_POSTS_PAGE_SIZE + 5));
      expect(second.body.map((row: { slug: string }) => row.slug)).toEqual([
        'listed-5',
        'listed-4',
        'listed-3',
        'listed-2',
        'listed-1',
      ]);
      const viaTrpc = await postsTrpc.query(t.admin, 'adminList', { page: 2 }).expect(200);
      expect(viaTrpc.body.result.data).toEqual({ rows: second.body, total: ADMIN_POSTS_PAGE_SIZE + 5 });
      // The filter and the pager together: "Listed …" titles only (post 7 has another title).
      const filtered = await postsTrpc.query(t.admin, 'adminList', { q: 'listed', page: 2 }).expect(200);
      const filteredPage = adminPostsPageSchema.parse(filtered.body.result.data);
      expect(filteredPage.rows.map((row) => row.slug)).toEqual(['listed-4', 'listed-3', 'listed-2', 'listed-1']);
      expect(filteredPage.total).toBe(ADMIN_POSTS_PAGE_SIZE + 4);
      const filteredRest = await t.admin.get('/api/posts?q=listed&page=2').expect(200);
      expect(filteredRest.body).toEqual(filteredPage.rows);
      expect(filteredRest.headers['x-total-count']).toBe(String(ADMIN_POSTS_PAGE_SIZE + 4));

      const bad = await t.admin.get('/api/posts?page=0').expect(400);
      expect(fieldsOf(bad.body.errors)).toEqual(['page']);
    });
  });

  describe('GET /api/posts/counts and posts.adminCounts', () => {
    it('counts every post, the hidden ones, the drafts and the scheduled ones, on both doors alike', async () => {
      await t.database.dataSource.query('DELETE FROM posts');
      const soon = new Date(Date.now() + 3_600_000);
      await createPost(t.database, travel, { slug: 'counted-published' });
      await createPost(t.database, travel, { slug: 'counted-hidden', status: POST_STATUS.hidden });
      await createPost(t.database, poems, {
        slug: 'counted-hidden-draft',
        status: POST_STATUS.hidden,
        published_at: null,
      });
      await createPost(t.database, poems, { slug: 'counted-draft', published_at: null });
      await createPost(t.database, poems, { slug: 'counted-scheduled', published_at: soon });
      // In the trash: counted apart, in none of the others.
      await createPost(t.database, poems, { slug: 'counted-trashed', published_at: null, deleted_at: new Date() });

      const res = await t.admin.get('/api/posts/counts').expect(200);
      expect(adminPostCountsSchema.strict().parse(res.body)).toEqual({
        total: 5,
        hidden: 2,
        drafts: 2,
        scheduled: 1,
        trashed: 1,
      });
      expect((await postsTrpc.query(t.admin, 'adminCounts').expect(200)).body.result.data).toEqual(res.body);

      // Scheduled only while its time is to come, on the database's clock.
      await t.database.dataSource.query(
        `UPDATE posts SET published_at = now() - interval '1 second' WHERE slug = 'counted-scheduled'`,
      );
      expect((await t.admin.get('/api/posts/counts').expect(200)).body).toEqual({
        total: 5,
        hidden: 2,
        drafts: 2,
        scheduled: 0,
        trashed: 1,
      });
    });
  });

  describe('GET /api/posts/:id and posts.adminById', () => {
    it('answers every admin field of a hidden post, with thumbnail_url', async () => {
      const post = await createPost(t.database, poems, {
        slug: 'hidden-detail',
        status: POST_STATUS.hidden,
        thumbnail: 'abc.webp',
        thumbnail_alt: 'Blue ink on rice paper',
        color: 'Blue',
        price: 'Free',
      });
      const res = await t.admin.get(`/api/posts/${post.id}`).expect(200);
      expect(adminPostSchema.strict().parse(res.body)).toEqual({
        id: post.id,
        category_id: poems.id,
        category_name: 'Poems',
        title: post.title,
        slug: 'hidden-detail',
        content: post.content,
        short_content: post.short_content,
        thumbnail: 'abc.webp',
        thumbnail_url: '/uploads/abc.webp',
        thumbnail_alt: 'Blue ink on rice paper',
        meta_title: post.meta_title,
        meta_description: '',
        meta_keywords: '',
        status: 1,
        published_at: post.published_at?.toISOString(),
        color: 'Blue',
        price: 'Free',
        comments_open: true,
        created_at: post.created_at.toISOString(),
        updated_at: post.updated_at.toISOString(),
        version: 1,
        language: 'en',
        translations: [],
      });
      expect(res.headers['etag']).toBe('"v1"');
      expect((await postsTrpc.query(t.admin, 'adminById', { id: post.id }).expect(200)).body.result.data).toEqual(
        res.body,
      );
    });

    it('answers 404 for an unknown id and 400 for a bad one, on both doors', async () => {
      expect((await t.admin.get('/api/posts/999999').expect(404)).body).toMatchObject({ message: 'Post not found' });
      expect((await postsTrpc.query(t.admin, 'adminById', { id: 999999 }).expect(404)).body.error.data.code).toBe(
        'NOT_FOUND',
      );
      expect(fieldsOf((await t.admin.get('/api/posts/x1').expect(400)).body.errors)).toEqual(['id']);
    });
  });

  describe('POST /api/posts and posts.create', () => {
    it('accepts a long post (far beyond the 100 kB default body limit) through both doors', async () => {
      // A long article with an embedded image: about 700 kB of HTML.
      const image = `<img src="data:image/png;base64,${'A'.repeat(400_000)}" />`;
      const content = `<p>${'Một ngày ở Huế. '.repeat(15_000)}</p>${image}`;
      const rest = await t.admin.post('/api/posts').send(body({ content })).expect(200);
      expect((await posts().findOneByOrFail({ id: rest.body.id })).content).toBe(content);
      const trpc = await t.admin.post('/trpc/posts.create').send(body({ content })).expect(200);
      expect((await posts().findOneByOrFail({ id: trpc.body.result.data.id })).content).toBe(content);
    });

    it('refuses HTML nested deeper than the bound with 400 naming the field, before sanitising it, on both doors', async () => {
      // The sanitiser's work grows with the square of the depth: 20 000 levels held the server for seconds.
      const deep = `${'<div>'.repeat(20_000)}x${'</div>'.repeat(20_000)}`;
      const refused = (field: string) => [{ field, message: `nested deeper than ${RICH_TEXT_MAX_DEPTH} elements` }];
      const before = await posts().count();
      const rest = await t.admin
        .post('/api/posts')
        .send(body({ content: deep }))
        .expect(400);
      expect(rest.body.errors).toEqual(refused('content'));
      // Unclosed, which fits the short content's 100 000 characters.
      const trpc = await postsTrpc
        .mutation(t.admin, 'create', body({ short_content: '<em>'.repeat(20_000) }))
        .expect(400);
      expect(trpc.body.error.data.fieldErrors).toEqual(refused('short_content'));
      const post = await createPost(t.database, travel, { slug: 'deep-update' });
      const update = await t.admin.put(`/api/posts/${post.id}`).send(body({ slug: 'deep-update', content: deep }));
      expect(update.status).toBe(400);
      expect(update.body.errors).toEqual(refused('content'));
      expect(await posts().count()).toBe(before + 1);
    });

    it('creates a post from the spec body and answers 200 {status: 200, id}', async () => {
      const sent = body({
        slug: 'created-by-rest',
        status: 1,
        thumbnail: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6.png',
        title: '  Hội An  ',
      });
      const res = await t.admin.post('/api/posts').send(sent).expect(200);
      expect(res.body).toEqual({ status: 200, id: expect.any(Number) });
      const stored = await posts().findOneByOrFail({ id: res.body.id });
      expect(stored).toMatchObject({
        category_id: travel.id,
        title: 'Hội An',
        slug: 'created-by-rest',
        content: '<p>Lanterns and <strong>rain</strong>.</p>',
        short_content: '<p>Lanterns.</p>',
        thumbnail: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6.png',
        meta_title: 'Hội An',
        meta_keywords: 'hoi an, travel',
        status: 1,
        color: null,
        price: null,
      });

      const viaTrpc = await postsTrpc
        .mutation(t.admin, 'create', body({ slug: 'created-by-trpc', category_id: String(poems.id) }))
        .expect(200);
      expect(viaTrpc.body.result.data).toEqual({ status: 200, id: expect.any(Number) });
      expect(await posts().findOneByOrFail({ id: viaTrpc.body.result.data.id })).toMatchObject({
        category_id: poems.id,
        status: 0,
      });
    });

    it('stores no thumbnail for null, "" or none, and accepts status "1" from a form', async () => {
      for (const [slug, thumbnail] of [
        ['thumb-null', null],
        ['thumb-empty', ''],
        ['thumb-none', undefined],
      ] as const) {
        const res = await t.admin
          .post('/api/posts')
          .send(body({ slug, thumbnail, status: '1' }))
          .expect(200);
        expect(await posts().findOneByOrFail({ id: res.body.id })).toMatchObject({ thumbnail: null, status: 1 });
      }
    });

    it.each([
      ['an unknown category', { category_id: 999999 }, 'category_id'],
      ['a category id beyond int4', { category_id: 99999999999 }, 'category_id'],
      ['a category id of true', { category_id: true }, 'category_id'],
      ['no category', { category_id: undefined }, 'category_id'],
      ['status 2', { status: 2 }, 'status'],
      ['status null', { status: null }, 'status'],
      ['status true', { status: true }, 'status'],
      ['a blank title', { title: '   ' }, 'title'],
      ['a bad slug', { slug: 'Not A Slug' }, 'slug'],
      ['a thumbnail path', { thumbnail: '../../etc/passwd' }, 'thumbnail'],
      ['a thumbnail in a folder', { thumbnail: 'a/b.png' }, 'thumbnail'],
      ['a thumbnail URL', { thumbnail: 'https://evil.example/x.png' }, 'thumbnail'],
      ['a hidden thumbnail name', { thumbnail: '.htaccess' }, 'thumbnail'],
    ])('answers 400 naming the field for %s, storing nothing', async (_case, change, field) => {
      const before = await posts().count();
      const res = await t.admin.post('/api/posts').send(body(change)).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(fieldsOf(res.body.errors)).toEqual([field]);
      const viaTrpc = await postsTrpc.mutation(t.admin, 'create', body(change)).expect(400);
      expect(fieldsOf(viaTrpc.body.error.data.fieldErrors)).toEqual([field]);
      expect(await posts().count()).toBe(before);
    });

    it('answers 409 naming slug when the slug is taken (by a hidden post too)', async () => {
      await createPost(t.database, travel, { slug: 'taken-post', status: POST_STATUS.hidden });
      const res = await t.admin
        .post('/api/posts')
        .send(body({ slug: 'taken-post' }))
        .expect(409);
      expect(res.body).toMatchObject({ statusCode: 409, errors: [{ field: 'slug', message: expect.any(String) }] });
      const viaTrpc = await postsTrpc.mutation(t.admin, 'create', body({ slug: 'taken-post' })).expect(409);
      expect(viaTrpc.body.error.data).toMatchObject({
        code: 'CONFLICT',
        fieldErrors: [{ field: 'slug', message: expect.any(String) }],
      });
      expect(await posts().countBy({ slug: 'taken-post' })).toBe(1);
    });
  });

  describe('sanitising hostile HTML on save (read back from the database)', () => {
    const HOSTILE =
      '<p>Hi<script>alert(1)</script></p>' +
      '<img src="x.png" onerror="alert(2)">' +
      '<a href="javascript:alert(3)" onclick="alert(4)">click</a>' +
      '<a href="jav&#x09;ascript:alert(5)">tab</a>' +
      '<span style="color: #e60000; background-image: url(javascript:alert(6)); position: fixed">red</span>' +
      '<p style="position:fixed;top:0">styled</p>' +
      '<style>body{display:none}</style>' +
      '<iframe src="https://evil.example"></iframe>' +
      '<svg><script>alert(7)</script></svg>' +
      '<a href="https://example.com" target="_blank">ok</a>';

    function expectClean(html: string) {
      for (const bad of [
        '<script',
        'alert(',
        'onerror',
        'onclick',
        'javascript:',
        '<style',
        '<iframe',
        '<svg',
        'position',
        'background',
      ]) {
        expect(html.toLowerCase()).not.toContain(bad);
      }
    }

    it('keeps what the editor produces and drops scripts, handlers, javascript: links and styles but colour', async () => {
      const res = await t.admin
        .post('/api/posts')
        .send(body({ slug: 'hostile-rest', content: HOSTILE, short_content: HOSTILE }))
        .expect(200);
      const stored = await posts().findOneByOrFail({ id: res.body.id });
      for (const html of [stored.content, stored.short_content]) {
        expectClean(html);
        expect(html).toContain('<p>Hi</p>');
        expect(html).toContain('<img src="x.png" />');
        expect(html).toContain('<a href="about:blank">click</a>');
        expect(html).toContain('<span style="color:#e60000">red</span>');
        expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>');
      }
    });

    it('sanitises on update and on the tRPC door too', async () => {
      const created = await postsTrpc
        .mutation(t.admin, 'create', body({ slug: 'hostile-trpc', content: HOSTILE }))
        .expect(200);
      const id = created.body.result.data.id as number;
      expectClean((await posts().findOneByOrFail({ id })).content);

      await t.admin
        .put(`/api/posts/${id}`)
        .send(body({ slug: 'hostile-trpc', short_content: HOSTILE }))
        .expect(200);
      expectClean((await posts().findOneByOrFail({ id })).short_content);
      await postsTrpc
        .mutation(t.admin, 'update', {
          id,
          ...body({ slug: 'hostile-trpc', content: `<b onmouseover="x()">b</b>${HOSTILE}` }),
        })
        .expect(200);
      const stored = await posts().findOneByOrFail({ id });
      expectClean(stored.content);
      expect(stored.content).toContain('<strong>b</strong>');
    });

    it('stores code blocks highlighted (hljs spans from the code text only), on both doors', async () => {
      const code =
        '<pre class="language-python"><code class="language-python"><span class="evil">def</span> f(): return &quot;&lt;b&gt;&quot;</code></pre>';
      const expected =
        '<pre class="language-python"><code class="language-python"><span class="hljs-keyword">def</span> ' +
        '<span class="hljs-title function_">f</span>(): <span class="hljs-keyword">return</span> <span class="hljs-string">&quot;&lt;b&gt;&quot;</span></code></pre>';
      const rest = await t.admin
        .post('/api/posts')
        .send(body({ slug: 'code-rest', content: code, short_content: code }))
        .expect(200);
      const stored = await posts().findOneByOrFail({ id: rest.body.id });
      expect([stored.content, stored.short_content]).toEqual([expected, expected]);
      const trpc = await postsTrpc.mutation(t.admin, 'create', body({ slug: 'code-trpc', content: code })).expect(200);
      expect((await posts().findOneByOrFail({ id: trpc.body.result.data.id as number })).content).toBe(expected);
    });
  });

  describe('PUT /api/posts/:id and posts.update', () => {
    it('replaces the post, keeps color and price when left out, and answers {status: 200, id}', async () => {
      const post = await createPost(t.database, travel, {
        slug: 'to-update',
        color: 'Red',
        price: '10$',
        thumbnail: 'old.png',
        updatedAt: day(1),
      });
      const res = await t.admin
        .put(`/api/posts/${post.id}`)
        .send(body({ slug: 'to-update', title: 'Updated', category_id: poems.id, thumbnail: 'old.png', status: 1 }))
        .expect(200);
      expect(res.body).toEqual({ status: 200, id: post.id });
      const stored = await posts().findOneByOrFail({ id: post.id });
      expect(stored).toMatchObject({
        title: 'Updated',
        category_id: poems.id,
        thumbnail: 'old.png',
        status: 1,
        color: 'Red',
        price: '10$',
      });
      expect(stored.updated_at.getTime()).toBeGreaterThan(day(1).getTime());

      await postsTrpc
        .mutation(t.admin, 'update', { id: post.id, ...body({ slug: 'renamed-slug', color: '', price: null }) })
        .expect(200);
      expect(await posts().findOneByOrFail({ id: post.id })).toMatchObject({
        slug: 'renamed-slug',
        color: null,
        price: null,
        thumbnail: null,
      });
    });

    it('answers 409 for another post slug, 400 for an unknown category, 404 for an unknown post', async () => {
      await createPost(t.database, travel, { slug: 'someone-else' });
      const post = await createPost(t.database, travel, { slug: 'mine' });
      expect(
        fieldsOf(
          (
            await t.admin
              .put(`/api/posts/${post.id}`)
              .send(body({ slug: 'someone-else' }))
              .expect(409)
          ).body.errors,
        ),
      ).toEqual(['slug']);
      expect(
        fieldsOf(
          (
            await t.admin
              .put(`/api/posts/${post.id}`)
              .send(body({ slug: 'mine', category_id: 999999 }))
              .expect(400)
          ).body.errors,
        ),
      ).toEqual(['category_id']);
      expect((await t.admin.put('/api/posts/999999').send(body()).expect(404)).body.message).toBe('Post not found');
      expect(
        (await postsTrpc.mutation(t.admin, 'update', { id: 999999, ...body() }).expect(404)).body.error.data.code,
      ).toBe('NOT_FOUND');
      expect(await posts().findOneByOrFail({ id: post.id })).toMatchObject({ slug: 'mine', category_id: travel.id });
    });
  });

  describe('comments_open: readers may comment under the post', () => {
    const adminRead = async (id: number) => (await t.admin.get(`/api/posts/${id}`).expect(200)).body.comments_open;

    it('is open on create, closed and opened on both doors, kept when left out, true or false only', async () => {
      const { id } = (await t.admin.post('/api/posts').send(body()).expect(200)).body;
      expect(await adminRead(id)).toBe(true);
      await t.admin
        .put(`/api/posts/${id}`)
        .send(body({ slug: `closed-${id}`, comments_open: false }))
        .expect(200);
      expect(await adminRead(id)).toBe(false);
      // The spec's client never sends it: its update keeps the post's choice.
      await t.admin
        .put(`/api/posts/${id}`)
        .send(body({ slug: `closed-${id}` }))
        .expect(200);
      expect(await adminRead(id)).toBe(false);
      await postsTrpc
        .mutation(t.admin, 'update', { id, ...body({ slug: `closed-${id}`, comments_open: true }) })
        .expect(200);
      expect(await adminRead(id)).toBe(true);
      const refused = await t.admin
        .put(`/api/posts/${id}`)
        .send(body({ slug: `closed-${id}`, comments_open: 'no' }))
        .expect(400);
      expect(refused.body.errors).toEqual([{ field: 'comments_open', message: 'comments_open must be true or false' }]);
      expect(await adminRead(id)).toBe(true);
    });
  });

  describe("thumbnail_alt: the thumbnail's alt text", () => {
    const adminRead = async (id: number) => (await t.admin.get(`/api/posts/${id}`).expect(200)).body.thumbnail_alt;

    it('is saved and read on both doors, kept when left out, one line, and cleared by ""', async () => {
      const rest = await t.admin
        .post('/api/posts')
        .send(body({ thumbnail: 'lanterns.jpg', thumbnail_alt: '  Lanterns over\n the  river  ' }))
        .expect(200);
      expect(await adminRead(rest.body.id)).toBe('Lanterns over the river');
      const viaTrpc = await postsTrpc
        .mutation(t.admin, 'create', body({ thumbnail: 'boat.jpg', thumbnail_alt: 'A boat at dawn' }))
        .expect(200);
      const id = viaTrpc.body.result.data.id;
      expect((await postsTrpc.query(t.admin, 'adminById', { id }).expect(200)).body.result.data.thumbnail_alt).toBe(
        'A boat at dawn',
      );
      // The spec's client never sends it: a post it creates has none, a post it updates keeps its own.
      const spec = await t.admin.post('/api/posts').send(body()).expect(200);
      expect(await adminRead(spec.body.id)).toBe('');
      const slug = `kept-${id}`;
      await t.admin
        .put(`/api/posts/${id}`)
        .send(body({ slug, thumbnail: 'boat.jpg' }))
        .expect(200);
      expect(await adminRead(id)).toBe('A boat at dawn');
      await postsTrpc
        .mutation(t.admin, 'update', {
          id,
          ...body({ slug, thumbnail: 'boat.jpg', thumbnail_alt: 'Fishing boats at dawn' }),
        })
        .expect(200);
      expect(await adminRead(id)).toBe('Fishing boats at dawn');
      await t.admin
        .put(`/api/posts/${id}`)
        .send(body({ slug, thumbnail: 'boat.jpg', thumbnail_alt: '' }))
        .expect(200);
      expect(await adminRead(id)).toBe('');
    });

    it.each([
      ['longer than 300 characters', 'x'.repeat(301), 'must be at most 300 characters'],
      ['with a control character', 'a\u0007b', 'control'],
      ['with a NUL character', 'a\u0000b', 'NUL'],
      ['not text', 42, ''],
    ])('answers 400 naming thumbnail_alt for an alt text %s, on both doors', async (_case, thumbnail_alt, reason) => {
      const post = await createPost(t.database, travel, { thumbnail: 'x.png', thumbnail_alt: 'Before' });
      const rest = await t.admin
        .put(`/api/posts/${post.id}`)
        .send(body({ slug: post.slug, thumbnail_alt }))
        .expect(400);
      expect(rest.body.errors).toEqual([{ field: 'thumbnail_alt', message: expect.stringContaining(reason) }]);
      const viaTrpc = await postsTrpc.mutation(t.admin, 'create', body({ thumbnail_alt })).expect(400);
      expect(viaTrpc.body.error.data.fieldErrors).toEqual([
        { field: 'thumbnail_alt', message: expect.stringContaining(reason) },
      ]);
      expect((await posts().findOneByOrFail({ id: post.id })).thumbnail_alt).toBe('Before');
    });

    it("gives public cards (lists and search) their thumbnail's alt text as imageAlt, the title when it has none, and the detail its thumbnail_alt", async () => {
      const category = await createCategory(t.database, { slug: 'alt-cards', name: 'Alt cards' });
      await createPost(t.database, category, {
        slug: 'with-alt',
        title: 'Zebrafinch one',
        thumbnail: 'a.png',
        thumbnail_alt: 'A junk boat in the bay',
      });
      await createPost(t.database, category, { slug: 'without-alt', title: 'Zebrafinch two', thumbnail: 'b.png' });
      const server = request(t.app.getHttpServer());
      const cards: Array<{ slug: string; imageAlt: string }> = (
        await server.get('/api/gst-postsByCategory/alt-cards/1').expect(200)
      ).body.posts;
      const expected = { 'with-alt': 'A junk boat in the bay', 'without-alt': 'Zebrafinch two' };
      expect(Object.fromEntries(cards.map((card) => [card.slug, card.imageAlt]))).toEqual(expected);
      const found: Array<{ slug: string; imageAlt: string }> = (
        await server.get('/api/searchPosts/zebrafinch').expect(200)
      ).body;
      expect(Object.fromEntries(found.map((card) => [card.slug, card.imageAlt]))).toEqual(expected);
      expect((await server.get('/api/homeData/with-alt').expect(200)).body.thumbnail_alt).toBe(
        'A junk boat in the bay',
      );
      const viaTrpc = await server
        .get(`/trpc/posts.bySlug?input=${encodeURIComponent(JSON.stringify({ slug: 'without-alt' }))}`)
        .expect(200);
      expect(viaTrpc.body.result.data.thumbnail_alt).toBe('');
    });
  });

  describe('DELETE /api/posts/:id and posts.delete', () => {
    it('moves a post to the trash and answers {status: 200}; then 404', async () => {
      const post = await createPost(t.database, travel);
      expect((await t.admin.delete(`/api/posts/${post.id}`).expect(200)).body).toEqual(OK);
      expect(await posts().findOneByOrFail({ id: post.id })).toMatchObject({ deleted_at: expect.any(Date) });
      await t.admin.get(`/api/posts/${post.id}`).expect(404);
      await t.admin.delete(`/api/posts/${post.id}`).expect(404);

      const other = await createPost(t.database, travel, { status: POST_STATUS.hidden });
      expect((await postsTrpc.mutation(t.admin, 'delete', { id: other.id }).expect(200)).body.result.data).toEqual(OK);
      expect((await postsTrpc.mutation(t.admin, 'delete', { id: other.id }).expect(404)).body.error.data.code).toBe(
        'NOT_FOUND',
      );
    });
  });

  it('keeps hidden posts out of the public door', async () => {
    const res = await t.admin
      .post('/api/posts')
      .send(body({ slug: 'admin-made-hidden', status: 1 }))
      .expect(200);
    await request(t.app.getHttpServer()).get('/api/homeData/admin-made-hidden').expect(404);
    await t.admin
      .put(`/api/posts/${res.body.id}`)
      .send(body({ slug: 'admin-made-hidden', status: 0 }))
      .expect(200);
    await request(t.app.getHttpServer()).get('/api/homeData/admin-made-hidden').expect(200);
  });
});
