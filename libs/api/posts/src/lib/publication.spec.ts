import request from 'supertest';
import { POST_STATUS, postPreviewSchema, previewLinkSchema } from '@blog/contracts';
import { PostEntity, PostPreviewEntity, type CategoryEntity } from '@blog/api/data';
import { eventually } from '@blog/api/data/testing';
import { createCategory, expectAdminOnly, LogCapture, testConfig, trpcHttp, useTestApp } from '@blog/api/testing';
import { PostsModule } from './posts.module';
import { PostsRouter } from './posts.router';

const postsTrpc = trpcHttp<PostsRouter['router']>('posts');
const tokenOf = (path: string) => path.replace('/preview/', '');

describe('drafts, scheduled posts and preview links (REST and tRPC)', () => {
  const log = new LogCapture();
  const t = useTestApp([PostsModule], {
    trpc: (nest) => ({ posts: nest.get(PostsRouter).router }),
    signIn: true,
    config: () => testConfig({ LOG_LEVEL: 'info' }),
    logDestination: log,
  });
  let travel: CategoryEntity;

  const posts = () => t.database.dataSource.getRepository(PostEntity);
  const body = (changes: Record<string, unknown> = {}) => ({
    category_id: travel.id,
    title: 'Mù Cang Chải at harvest',
    slug: `mu-cang-chai-${Math.random().toString(36).slice(2, 8)}`,
    content: '<p>Golden terraces.</p>',
    short_content: '<p>Terraces.</p>',
    thumbnail: null,
    meta_title: 'Mù Cang Chải',
    meta_description: '',
    meta_keywords: 'terraces, travel',
    status: 0 as const,
    ...changes,
  });
  const create = async (changes: Record<string, unknown> = {}) => {
    const fields = body(changes);
    const res = await t.admin.post('/api/posts').send(fields).expect(200);
    return { id: res.body.id as number, slug: fields.slug };
  };
  const publishedAtOf = async (id: number) => (await posts().findOneByOrFail({ id })).published_at;

  /** Every public read that could show the post `slug`: which of them do. */
  async function publicReadsShowing(slug: string): Promise<string[]> {
    const shown: string[] = [];
    const server = t.app.getHttpServer();
    const cards = (res: request.Response) => (res.body.posts as Array<{ slug: string }>).map((card) => card.slug);
    if (cards(await request(server).get('/api/homeData').expect(200)).includes(slug)) shown.push('home');
    if (cards(await request(server).get('/api/gst-postsPagination/1').expect(200)).includes(slug)) shown.push('page');
    if (cards(await request(server).get('/api/gst-postsByCategory/travel/1').expect(200)).includes(slug))
      shown.push('category');
    const recent = (await request(server).get('/api/randomPosts').expect(200)).body as Array<{ slug: string }>;
    if (recent.some((link) => link.slug === slug)) shown.push('recent');
    const found = (await request(server).get('/api/searchPosts/cang%20chai').expect(200)).body as Array<{
      slug: string;
    }>;
    if (found.some((card) => card.slug === slug)) shown.push('search');
    if ((await request(server).get(`/api/homeData/${slug}`)).status === 200) shown.push('detail');
    if ((await postsTrpc.query(t.anonymous, 'bySlug', { slug })).status === 200) shown.push('tRPC bySlug');
    return shown;
  }
  const ALL_READS = ['home', 'page', 'category', 'recent', 'search', 'detail', 'tRPC bySlug'];
  const totalOf = async () =>
    (await request(t.app.getHttpServer()).get('/api/gst-postsByCategory/travel/1').expect(200)).body.total as number;

  beforeAll(async () => {
    travel = await createCategory(t.database, { slug: 'travel', name: 'Travel' });
  });

  describe('the spec’s clients, which send status alone', () => {
    it('publish a new post at once, as before: status 0 is visible everywhere, 1 hidden', async () => {
      const before = await totalOf();
      const shown = await create();
      expect(await publishedAtOf(shown.id)).toBeInstanceOf(Date);
      expect(await publicReadsShowing(shown.slug)).toEqual(ALL_READS);
      expect(await totalOf()).toBe(before + 1);

      const hidden = await create({ status: 1 });
      expect(await publicReadsShowing(hidden.slug)).toEqual([]);
      expect(await totalOf()).toBe(before + 1);
    });

    it('keep the publication date when they save a post again, and hiding it keeps it too', async () => {
      const post = await create();
      await posts().update({ id: post.id }, { published_at: new Date('2025-03-01T00:00:00Z') });
      await t.admin
        .put(`/api/posts/${post.id}`)
        .send(body({ slug: post.slug, status: 1 }))
        .expect(200);
      await t.admin
        .put(`/api/posts/${post.id}`)
        .send(body({ slug: post.slug, status: 0 }))
        .expect(200);
      expect(await publishedAtOf(post.id)).toEqual(new Date('2025-03-01T00:00:00Z'));
    });
  });

  describe('drafts', () => {
    it('are saved with published_at null and shown by no public read, the counts included', async () => {
      const before = await totalOf();
      const draft = await create({ published_at: null });
      expect(await publishedAtOf(draft.id)).toBeNull();
      expect(await publicReadsShowing(draft.slug)).toEqual([]);
      expect(await totalOf()).toBe(before);
      const row = (await t.admin.get(`/api/posts/${draft.id}`).expect(200)).body;
      expect(row).toMatchObject({ status: POST_STATUS.visible, published_at: null });

      // Publishing it: visible everywhere, counted.
      await t.admin
        .put(`/api/posts/${draft.id}`)
        .send(body({ slug: draft.slug, published_at: 'now' }))
        .expect(200);
      expect(await publicReadsShowing(draft.slug)).toEqual(ALL_READS);
      expect(await totalOf()).toBe(before + 1);
    });

    it('lead nowhere from an old slug, and are no related post of anything', async () => {
      const published = await create({ meta_keywords: 'terraces' });
      const draft = await create({ published_at: null, meta_keywords: 'terraces' });
      await t.admin
        .put(`/api/posts/${draft.id}`)
        .send(body({ slug: `${draft.slug}-new`, published_at: null }))
        .expect(200);
      await request(t.app.getHttpServer()).get(`/api/homeData/${draft.slug}`).expect(404);
      expect((await postsTrpc.query(t.anonymous, 'redirect', { slug: draft.slug })).status).toBe(404);
      const related = (await request(t.app.getHttpServer()).get(`/api/relatedPosts/${published.slug}`).expect(200))
        .body as Array<{
        slug: string;
      }>;
      expect(related.map((card) => card.slug)).not.toContain(`${draft.slug}-new`);
      await request(t.app.getHttpServer()).get(`/api/relatedPosts/${draft.slug}-new`).expect(404);
    });
  });

  describe('scheduled posts', () => {
    it('appear at their time and not before, on PostgreSQL’s clock, with no write to publish them', async () => {
      const before = await totalOf();
      const post = await create({ published_at: new Date(Date.now() + 3_600_000).toISOString() });
      expect(await publicReadsShowing(post.slug)).toEqual([]);
      expect(await totalOf()).toBe(before);

      // Two seconds ahead on the database's clock: invisible until then, visible from then on.
      const [[{ at }]] = await t.database.dataSource.query(
        `UPDATE posts SET published_at = clock_timestamp() + interval '2 seconds' WHERE id = $1 RETURNING published_at AS at`,
        [post.id],
      );
      expect(await publicReadsShowing(post.slug)).toEqual([]);
      await eventually(async () => {
        expect(await publicReadsShowing(post.slug)).toEqual(ALL_READS);
      });
      // It appeared no earlier than its time.
      const [{ passed }] = await t.database.dataSource.query(`SELECT clock_timestamp() >= $1::timestamptz AS passed`, [
        at,
      ]);
      expect(passed).toBe(true);
      expect(await totalOf()).toBe(before + 1);
    });

    it('come out at the top of the newest-first lists, above posts changed after they were written', async () => {
      const scheduled = await create({ published_at: new Date(Date.now() + 3_600_000).toISOString() });
      const later = await create();
      // Its time comes after the other post was written.
      await t.database.dataSource.query(`UPDATE posts SET published_at = now() WHERE id = $1`, [scheduled.id]);
      const home = (await request(t.app.getHttpServer()).get('/api/homeData').expect(200)).body.posts as Array<{
        slug: string;
      }>;
      expect(home.map((card) => card.slug).slice(0, 2)).toEqual([scheduled.slug, later.slug]);
    });

    it("publish at once with 'now', and a published post keeps its date with 'now'", async () => {
      const scheduled = await create({ published_at: '2099-01-01T08:00:00+07:00' });
      expect(await publishedAtOf(scheduled.id)).toEqual(new Date('2099-01-01T01:00:00Z'));
      const [{ now }] = await t.database.dataSource.query(`SELECT now() AS now`);
      await postsTrpc
        .mutation(t.admin, 'update', { id: scheduled.id, ...body({ slug: scheduled.slug, published_at: 'now' }) })
        .expect(200);
      const publishedAt = await publishedAtOf(scheduled.id);
      expect(publishedAt?.getTime()).toBeGreaterThanOrEqual(now.getTime());
      expect(publishedAt?.getTime()).toBeLessThan(new Date('2099-01-01').getTime());

      await postsTrpc
        .mutation(t.admin, 'update', { id: scheduled.id, ...body({ slug: scheduled.slug, published_at: 'now' }) })
        .expect(200);
      expect(await publishedAtOf(scheduled.id)).toEqual(publishedAt);
    });

    it('may be back-dated: a time passed publishes the post with that date', async () => {
      const post = await create({ published_at: '2020-05-01T09:00:00+07:00' });
      expect(await publishedAtOf(post.id)).toEqual(new Date('2020-05-01T02:00:00Z'));
      expect(
        (await request(t.app.getHttpServer()).get(`/api/homeData/${post.slug}`).expect(200)).body.published_at,
      ).toBe('2020-05-01T02:00:00.000Z');
    });
  });

  it('refuses a published_at that is not one, on both doors, with the field and the reason', async () => {
    for (const published_at of [
      'tomorrow',
      '2026-11-25T08:00',
      '2026-13-01T00:00:00Z',
      5,
      true,
      '0001-01-01T00:00:00Z',
    ]) {
      const rest = await t.admin.post('/api/posts').send(body({ published_at })).expect(400);
      expect(rest.body.errors).toEqual([
        { field: 'published_at', message: expect.stringMatching(/^published_at must be/) },
      ]);
      const trpc = await postsTrpc.mutation(t.admin, 'create', body({ published_at })).expect(400);
      expect(JSON.stringify(trpc.body.error)).toContain('published_at');
    }
  });

  describe('preview links', () => {
    it('are made by administrators only, on both doors', async () => {
      const post = await create({ published_at: null });
      await expectAdminOnly('REST', (agent) => agent.post(`/api/posts/${post.id}/previews`), t);
      await expectAdminOnly('tRPC', (agent) => postsTrpc.mutation(agent, 'createPreview', { id: post.id }), t);
      await expectAdminOnly('REST', (agent) => agent.delete(`/api/posts/${post.id}/previews`), t);
      await expectAdminOnly('tRPC', (agent) => postsTrpc.mutation(agent, 'revokePreviews', { id: post.id }), t);
    });

    it('show anyone holding one the post, whatever its state, never stored by a cache', async () => {
      const draft = await create({ published_at: null, status: 1, title: 'Sa Pa in the clouds' });
      const link = previewLinkSchema.parse((await t.admin.post(`/api/posts/${draft.id}/previews`).expect(200)).body);
      expect(link.path).toMatch(/^\/preview\/[A-Za-z0-9_-]{43}$/);
      const expiresIn = Date.parse(link.expires_at) - Date.now();
      expect(expiresIn).toBeGreaterThan(6.9 * 86_400_000);
      expect(expiresIn).toBeLessThanOrEqual(7 * 86_400_000);

      const rest = await t.anonymous.get(`/api/previews/${tokenOf(link.path)}`).expect(200);
      expect(rest.headers['cache-control']).toBe('no-store');
      const preview = postPreviewSchema.parse(rest.body);
      expect(preview).toMatchObject({ state: 'draft', hidden: true, expires_at: link.expires_at });
      expect(preview.post).toMatchObject({ slug: draft.slug, title: 'Sa Pa in the clouds', published_at: null });
      const trpc = await postsTrpc.query(t.anonymous, 'preview', { token: tokenOf(link.path) }).expect(200);
      expect(trpc.headers['cache-control']).toBe('no-store');
      expect(trpc.body.result.data).toEqual(rest.body);
      // The token is in both URLs: the access log has them redacted (its lines follow the answers).
      await eventually(async () => expect(log.text.join('')).toContain(trpc.headers['x-request-id']));
      expect(log.text.join('')).not.toContain(tokenOf(link.path));
      expect(log.text.join('')).toContain('/api/previews/[Redacted]');

      await posts().update({ id: draft.id }, { published_at: new Date(Date.now() + 86_400_000) });
      expect((await t.anonymous.get(`/api/previews/${tokenOf(link.path)}`).expect(200)).body.state).toBe('scheduled');
    });

    it('keep only the token’s hash: the database does not give a link away', async () => {
      const post = await create({ published_at: null });
      const link = (await postsTrpc.mutation(t.admin, 'createPreview', { id: post.id }).expect(200)).body.result
        .data as { path: string };
      const rows = await t.database.dataSource.getRepository(PostPreviewEntity).findBy({ post_id: post.id });
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(tokenOf(link.path));
      expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('answer 404 once expired or ended, for an unknown token too, and 400 for what is no token', async () => {
      const post = await create({ published_at: null });
      const token = tokenOf((await t.admin.post(`/api/posts/${post.id}/previews`).expect(200)).body.path);
      const other = tokenOf((await t.admin.post(`/api/posts/${post.id}/previews`).expect(200)).body.path);
      await t.anonymous.get(`/api/previews/${token}`).expect(200);

      await t.database.dataSource.query(
        `UPDATE post_previews SET expires_at = clock_timestamp() WHERE token_hash = encode(sha256($1::bytea), 'hex')`,
        [token],
      );
      const expired = await t.anonymous.get(`/api/previews/${token}`).expect(404);
      expect(expired.body.message).toBe('This preview link is unknown or has expired');
      await postsTrpc.query(t.anonymous, 'preview', { token }).expect(404);
      await t.anonymous.get(`/api/previews/${other}`).expect(200);

      await t.admin.delete(`/api/posts/${post.id}/previews`).expect(200);
      await t.anonymous.get(`/api/previews/${other}`).expect(404);

      await t.anonymous.get(`/api/previews/${'A'.repeat(43)}`).expect(404);
      const malformed = await t.anonymous.get('/api/previews/not-a-token').expect(400);
      expect(malformed.body.errors).toEqual([expect.objectContaining({ field: 'token' })]);
      await postsTrpc.query(t.anonymous, 'preview', { token: 'x'.repeat(500) }).expect(400);
    });

    it('lead nowhere while their post is in the trash, go with it, and are refused for a post that does not exist', async () => {
      const post = await create({ published_at: null });
      const token = tokenOf((await t.admin.post(`/api/posts/${post.id}/previews`).expect(200)).body.path);
      await postsTrpc.query(t.anonymous, 'preview', { token }).expect(200);
      await t.admin.delete(`/api/posts/${post.id}`).expect(200);
      await postsTrpc.query(t.anonymous, 'preview', { token }).expect(404);
      await t.admin.post(`/api/posts/${post.id}/previews`).expect(404);
      await t.admin.delete(`/api/posts/${post.id}/previews`).expect(404);
      await t.database.dataSource.query('DELETE FROM posts WHERE id = $1', [post.id]);
      expect(await t.database.dataSource.getRepository(PostPreviewEntity).countBy({ post_id: post.id })).toBe(0);
      await postsTrpc.mutation(t.admin, 'createPreview', { id: 999_999 }).expect(404);
      await t.admin.delete('/api/posts/999999/previews').expect(404);
    });
  });
});
