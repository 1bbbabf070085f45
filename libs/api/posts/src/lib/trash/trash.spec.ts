import request from 'supertest';
import { IsNull, Not } from 'typeorm';
import { z } from 'zod';
import { OK, RETENTION, RETENTION_SCHEDULE, restoredPostSchema, trashedPostSchema } from '@blog/contracts';
import { PostEntity, type CategoryEntity } from '@blog/api/data';
import {
  createCategory,
  createPost,
  expectAdminOnly,
  testJobsModule,
  trpcHttp,
  useTestApp,
  type TestAgent as Agent,
} from '@blog/api/testing';
import { PostsModule } from '../posts.module';
import { PostsRouter } from '../posts.router';
import { TrashModule } from './trash.module';
import { TrashRouter } from './trash.router';
import { TrashService } from './trash.service';

const postsTrpc = trpcHttp<PostsRouter['router']>('posts');
const trashTrpc = trpcHttp<TrashRouter['router']>('trash');
const DAY_MS = 86_400_000;

describe('the trash of posts (REST and tRPC)', () => {
  const t = useTestApp([testJobsModule(), PostsModule, TrashModule], {
    trpc: (nest) => ({ posts: nest.get(PostsRouter).router, trash: nest.get(TrashRouter).router }),
    signIn: true,
  });
  let travel: CategoryEntity;
  let neighbour: PostEntity;

  const posts = () => t.database.dataSource.getRepository(PostEntity);
  const trashed = async () =>
    z.array(trashedPostSchema).parse((await t.admin.get('/api/trash/posts').expect(200)).body);
  /** A visible post of `travel` sharing a keyword with `neighbour` (so each is related to the other). */
  const newPost = (slug: string, values: Partial<PostEntity> & { updatedAt?: Date } = {}) =>
    createPost(t.database, travel, { slug, title: `Title ${slug}`, meta_keywords: 'hoi an', ...values });

  beforeAll(async () => {
    travel = await createCategory(t.database, { slug: 'travel', name: 'Travel' });
    neighbour = await newPost('neighbour');
  });

  describe('access', () => {
    it('is for administrators only, on both doors', async () => {
      const post = await newPost('access-check', { deleted_at: new Date() });
      const doors: Array<[string, (agent: Agent) => request.Test]> = [
        ['GET /api/trash/posts', (agent) => agent.get('/api/trash/posts')],
        ['POST /api/trash/posts/:id/restore', (agent) => agent.post(`/api/trash/posts/${post.id}/restore`)],
        ['DELETE /api/trash/posts/:id', (agent) => agent.delete(`/api/trash/posts/${post.id}`)],
        ['DELETE /api/trash/posts', (agent) => agent.delete('/api/trash/posts')],
        ['tRPC trash.list', (agent) => trashTrpc.query(agent, 'list')],
        ['tRPC trash.restore', (agent) => trashTrpc.mutation(agent, 'restore', { id: post.id })],
        ['tRPC trash.deleteForever', (agent) => trashTrpc.mutation(agent, 'deleteForever', { id: post.id })],
        ['tRPC trash.empty', (agent) => trashTrpc.mutation(agent, 'empty').set('Content-Type', 'application/json')],
      ];
      for (const [door, call] of doors) await expectAdminOnly(door, call, t);
      // Nothing was changed by the refused calls.
      expect(await posts().findOneByOrFail({ id: post.id })).toMatchObject({ deleted_at: expect.any(Date) });
      await t.admin.delete(`/api/trash/posts/${post.id}`).expect(200);
    });
  });

  describe("deleting a post (the spec's DELETE /api/posts/{id}) moves it to the trash", () => {
    let post: PostEntity;
    const updatedAt = new Date(Date.UTC(2024, 0, 5, 12));

    beforeAll(async () => {
      post = await newPost('lanterns-in-hoi-an', { updatedAt });
      await posts().query(`INSERT INTO slug_history (slug, post_id) VALUES ('old-lanterns', $1)`, [post.id]);
      const before = await t.anonymous.get('/api/homeData/lanterns-in-hoi-an').expect(200);
      expect(before.body.slug).toBe('lanterns-in-hoi-an');
      const res = await t.admin.delete(`/api/posts/${post.id}`).expect(200);
      expect(res.body).toEqual(OK);
    });

    it('keeps the row, dated, with its content', async () => {
      const row = await posts().findOneByOrFail({ id: post.id });
      expect(row.deleted_at).toBeInstanceOf(Date);
      expect(row).toMatchObject({ title: post.title, slug: post.slug, content: post.content });
      // Trashing is no edit: the post keeps its place in the lists for when it comes back.
      expect(row.updated_at).toEqual(updatedAt);
    });

    it('takes it off the admin list, its detail and the counts; a second delete or an update is a 404', async () => {
      const list = await t.admin.get('/api/posts').expect(200);
      expect(list.body.map((row: { id: number }) => row.id)).not.toContain(post.id);
      const page = (await postsTrpc.query(t.admin, 'adminList', {}).expect(200)).body.result.data;
      expect(page.rows.map((row: { id: number }) => row.id)).not.toContain(post.id);
      await t.admin.get(`/api/posts/${post.id}`).expect(404);
      await t.admin.delete(`/api/posts/${post.id}`).expect(404);
      await postsTrpc.mutation(t.admin, 'delete', { id: post.id }).expect(404);
      await t.admin
        .put(`/api/posts/${post.id}`)
        .send({
          category_id: travel.id,
          title: 'Changed',
          slug: post.slug,
          content: '',
          short_content: '',
          thumbnail: null,
          meta_title: '',
          meta_description: '',
          meta_keywords: '',
          status: 0,
        })
        .expect(404);
      await t.admin.post(`/api/posts/${post.id}/previews`).expect(404);
      const counts = (await t.admin.get('/api/posts/counts').expect(200)).body;
      expect(counts).toMatchObject({
        total: await posts().countBy({ deleted_at: IsNull() }),
        trashed: await posts().countBy({ deleted_at: Not(IsNull()) }),
      });
      expect(counts.trashed).toBeGreaterThanOrEqual(1);
    });

    it('takes it off every public read: its page, the lists, search, related, recent and its old slug', async () => {
      await t.anonymous.get('/api/homeData/lanterns-in-hoi-an').expect(404);
      await postsTrpc.query(t.anonymous, 'bySlug', { slug: 'lanterns-in-hoi-an' }).expect(404);
      await t.anonymous.get('/api/relatedPosts/lanterns-in-hoi-an').expect(404);
      await postsTrpc.query(t.anonymous, 'redirect', { slug: 'old-lanterns' }).expect(404);
      const slugsOf = (cards: Array<{ slug: string }>) => cards.map((card) => card.slug);
      const home = await t.anonymous.get('/api/homeData').expect(200);
      expect(slugsOf(home.body.posts ?? home.body)).not.toContain(post.slug);
      const page = await t.anonymous.get('/api/gst-postsPagination/1').expect(200);
      expect(slugsOf(page.body.posts)).not.toContain(post.slug);
      expect(page.body.total).toBe(page.body.posts.length);
      const category = await t.anonymous.get('/api/gst-postsByCategory/travel/1').expect(200);
      expect(slugsOf(category.body.posts)).not.toContain(post.slug);
      expect(category.body.total).toBe(category.body.posts.length);
      const search = await t.anonymous.get('/api/searchPosts/lanterns').expect(200);
      expect(search.body).toEqual([]);
      const related = await t.anonymous.get(`/api/relatedPosts/${neighbour.slug}`).expect(200);
      expect(slugsOf(related.body)).not.toContain(post.slug);
      const recent = await postsTrpc.query(t.anonymous, 'recent').expect(200);
      expect(slugsOf(recent.body.result.data)).not.toContain(post.slug);
    });

    it('lists it in the trash with when it goes for good', async () => {
      const entry = (await trashed()).find((row) => row.id === post.id);
      expect(entry).toMatchObject({ title: post.title, slug: post.slug, category_name: 'Travel' });
      const deletedAt = new Date(entry?.deleted_at ?? 0).getTime();
      expect(Math.abs(deletedAt - Date.now())).toBeLessThan(60_000);
      expect(new Date(entry?.purge_at ?? 0).getTime() - deletedAt).toBe(RETENTION.trashDays * DAY_MS);
      // tRPC answers the same list.
      const viaTrpc = (await trashTrpc.query(t.admin, 'list').expect(200)).body.result.data;
      expect(viaTrpc).toEqual(await trashed());
    });

    it('restores it with its slug, back in its place and on every public read', async () => {
      const before = await posts().findOneByOrFail({ id: post.id });
      const res = await t.admin.post(`/api/trash/posts/${post.id}/restore`).expect(200);
      expect(restoredPostSchema.parse(res.body)).toEqual({
        status: 200,
        id: post.id,
        slug: 'lanterns-in-hoi-an',
        slug_changed: false,
      });
      const row = await posts().findOneByOrFail({ id: post.id });
      // A new version (a tab still holding the trashed one cannot save over it), written through the door 'restore'.
      expect(row).toMatchObject({
        deleted_at: null,
        updated_at: updatedAt,
        version: before.version + 1,
        updated_via: 'restore',
        updated_by: t.adminUser.id,
      });
      await t.anonymous.get('/api/homeData/lanterns-in-hoi-an').expect(200);
      expect((await t.anonymous.get('/api/searchPosts/lanterns').expect(200)).body).toHaveLength(1);
      expect((await postsTrpc.query(t.anonymous, 'redirect', { slug: 'old-lanterns' }).expect(200)).body).toMatchObject(
        { result: { data: { slug: 'lanterns-in-hoi-an' } } },
      );
      expect((await trashed()).map((entry) => entry.id)).not.toContain(post.id);
      // Restoring a post not in the trash is a 404.
      await t.admin.post(`/api/trash/posts/${post.id}/restore`).expect(404);
    });
  });

  describe('slugs', () => {
    it("frees a trashed post's slug for a new post; restoring then takes a free one and says so", async () => {
      const first = await newPost('rain-in-sai-gon');
      await postsTrpc.mutation(t.admin, 'delete', { id: first.id }).expect(200);
      const taker = await t.admin
        .post('/api/posts')
        .send({
          category_id: travel.id,
          title: 'Another rain',
          slug: 'rain-in-sai-gon',
          content: '<p>Rain</p>',
          short_content: '',
          thumbnail: null,
          meta_title: '',
          meta_description: '',
          meta_keywords: '',
          status: 0,
        })
        .expect(200);
      // So is "rain-in-sai-gon-2": the restore goes on to "-3".
      await newPost('rain-in-sai-gon-2');

      const res = await trashTrpc.mutation(t.admin, 'restore', { id: first.id }).expect(200);
      expect(res.body.result.data).toEqual({
        status: 200,
        id: first.id,
        slug: 'rain-in-sai-gon-3',
        slug_changed: true,
      });
      await t.anonymous.get('/api/homeData/rain-in-sai-gon-3').expect(200);
      const live = await t.anonymous.get('/api/homeData/rain-in-sai-gon').expect(200);
      expect(live.body.title).toBe('Another rain');
      expect(taker.body).toEqual({ status: 200, id: expect.any(Number) });
    });

    it('two trashed posts may share a slug; a new slug on a live post never collides with one', async () => {
      const a = await newPost('twin-slug', { deleted_at: new Date() });
      const b = await newPost('twin-slug');
      await t.admin.delete(`/api/posts/${b.id}`).expect(200);
      const slugs = (await trashed()).filter((entry) => [a.id, b.id].includes(entry.id)).map((entry) => entry.slug);
      expect(slugs).toEqual(['twin-slug', 'twin-slug']);
      const restored = await Promise.all([a, b].map((post) => t.admin.post(`/api/trash/posts/${post.id}/restore`)));
      expect(restored.map((res) => res.status)).toEqual([200, 200]);
      expect(restored.map((res) => res.body.slug).sort()).toEqual(['twin-slug', 'twin-slug-2']);
    });
  });

  describe('deleting for good', () => {
    it('deletes a trashed post and what hangs on it; a live post is a 404 there', async () => {
      const post = await newPost('gone-for-good');
      await posts().query(`INSERT INTO slug_history (slug, post_id) VALUES ('gone-before', $1)`, [post.id]);
      await t.admin.delete(`/api/trash/posts/${post.id}`).expect(404);
      await t.admin.delete(`/api/posts/${post.id}`).expect(200);
      expect((await t.admin.delete(`/api/trash/posts/${post.id}`).expect(200)).body).toEqual(OK);
      expect(await posts().existsBy({ id: post.id })).toBe(false);
      const history = await posts().query(`SELECT 1 FROM slug_history WHERE post_id = $1`, [post.id]);
      expect(history).toEqual([]);
      await t.admin.delete(`/api/trash/posts/${post.id}`).expect(404);
      await trashTrpc.mutation(t.admin, 'deleteForever', { id: post.id }).expect(404);
      await t.admin.post(`/api/trash/posts/${post.id}/restore`).expect(404);
    });

    it('empties the trash, leaving live posts alone', async () => {
      const live = await newPost('stays-live');
      await newPost('empty-me-1', { deleted_at: new Date() });
      await newPost('empty-me-2', { deleted_at: new Date() });
      const res = await t.admin.delete('/api/trash/posts').expect(200);
      expect(res.body).toEqual({ status: 200, deleted: expect.any(Number) });
      expect(res.body.deleted).toBeGreaterThanOrEqual(2);
      expect(await trashed()).toEqual([]);
      expect(await posts().existsBy({ id: live.id })).toBe(true);
      const viaTrpc = trashTrpc.mutation(t.admin, 'empty').set('Content-Type', 'application/json');
      expect((await viaTrpc.expect(200)).body.result.data).toEqual({
        status: 200,
        deleted: 0,
      });
    });
  });

  describe(`the purge after ${RETENTION.trashDays} days`, () => {
    it('is scheduled in the job queue on RETENTION_SCHEDULE (once for every instance)', async () => {
      const rows = (await posts().query(
        `SELECT name, cron, timezone FROM pgboss.schedule WHERE name = 'trash.purge'`,
      )) as Array<{ name: string; cron: string; timezone: string }>;
      expect(rows).toEqual([{ name: 'trash.purge', cron: RETENTION_SCHEDULE, timezone: 'Asia/Ho_Chi_Minh' }]);
    });

    it('deletes the posts trashed more than 30 days ago, not those of 29 days nor live ones', async () => {
      const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
      const old = await newPost('trashed-31-days-ago', { deleted_at: daysAgo(31) });
      const justOver = await newPost('trashed-30-days-and-a-minute-ago', {
        deleted_at: new Date(daysAgo(30).getTime() - 60_000),
      });
      const recent = await newPost('trashed-29-days-ago', { deleted_at: daysAgo(29) });
      const live = await newPost('live-and-old', { updatedAt: daysAgo(400) });

      expect(await t.app.get(TrashService).purgeExpired()).toBe(2);
      expect(await posts().existsBy({ id: old.id })).toBe(false);
      expect(await posts().existsBy({ id: justOver.id })).toBe(false);
      expect(await posts().existsBy({ id: recent.id })).toBe(true);
      expect(await posts().existsBy({ id: live.id })).toBe(true);
      expect(await t.app.get(TrashService).purgeExpired()).toBe(0);
    });
  });

  it('keeps the public counts right through trash and restore (the per-category counter)', async () => {
    const countOf = async () => (await t.anonymous.get('/api/gst-postsByCategory/travel/1').expect(200)).body.total;
    const before = await countOf();
    const post = await newPost('counted');
    expect(await countOf()).toBe(before + 1);
    await t.admin.delete(`/api/posts/${post.id}`).expect(200);
    expect(await countOf()).toBe(before);
    await t.admin.post(`/api/trash/posts/${post.id}/restore`).expect(200);
    expect(await countOf()).toBe(before + 1);
  });
});
