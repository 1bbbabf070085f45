import { autosaveSlotOf } from '@blog/contracts';
import type { CategoryEntity, PostEntity, UserEntity } from '@blog/api/data';
import { createCategory, createPost, createTestUser, trpcHttp, useTestApp } from '@blog/api/testing';
import { PostsModule } from './posts.module';
import { PostsRouter } from './posts.router';

const postsTrpc = trpcHttp<PostsRouter['router']>('posts');

describe("a post's save clears the saver's autosave of it, on both doors", () => {
  const t = useTestApp([PostsModule], { trpc: (nest) => ({ posts: nest.get(PostsRouter).router }), signIn: true });
  let travel: CategoryEntity;
  let post: PostEntity;
  let other: UserEntity;

  /** An autosave row as libs/api/autosaves writes it (a domain never imports another: written here in SQL). */
  const autosave = (userId: number, slot: string) =>
    t.database.dataSource.query(
      `INSERT INTO autosaves (user_id, slot, values) VALUES ($1, $2, '{"title": "typing"}')
       ON CONFLICT (user_id, slot) DO NOTHING`,
      [userId, slot],
    );
  const slotsOf = async (userId: number) =>
    (
      (await t.database.dataSource.query(`SELECT slot FROM autosaves WHERE user_id = $1 ORDER BY slot`, [
        userId,
      ])) as Array<{
        slot: string;
      }>
    ).map((row) => row.slot);
  const body = (title = 'Saved title') => ({
    category_id: travel.id,
    title,
    slug: 'hoi-an',
    content: '<p>Saved</p>',
    meta_title: 'Meta',
  });

  beforeAll(async () => {
    travel = await createCategory(t.database, { slug: 'travel' });
    post = await createPost(t.database, travel, { slug: 'hoi-an' });
    other = await createTestUser(t.database, { is_admin: true });
  });

  beforeEach(async () => {
    await t.database.dataSource.query(`DELETE FROM autosaves`);
    await autosave(t.adminUser.id, autosaveSlotOf.post(post.id));
    await autosave(t.adminUser.id, autosaveSlotOf.post(post.id + 1));
    await autosave(other.id, autosaveSlotOf.post(post.id));
  });

  it('PUT /api/posts/{id}: the saver’s slot of that post only', async () => {
    await t.admin.put(`/api/posts/${post.id}`).send(body()).expect(200);
    expect(await slotsOf(t.adminUser.id)).toEqual([autosaveSlotOf.post(post.id + 1)]);
    expect(await slotsOf(other.id)).toEqual([autosaveSlotOf.post(post.id)]);
  });

  it('tRPC posts.update', async () => {
    await postsTrpc.mutation(t.admin, 'update', { id: post.id, ...body() }).expect(200);
    expect(await slotsOf(t.adminUser.id)).toEqual([autosaveSlotOf.post(post.id + 1)]);
    expect(await slotsOf(other.id)).toEqual([autosaveSlotOf.post(post.id)]);
  });

  it('a refused save leaves it', async () => {
    await t.admin.put(`/api/posts/${post.id}`).send(body('')).expect(400);
    await postsTrpc.mutation(t.admin, 'update', { id: post.id + 100, ...body() }).expect(404);
    expect(await slotsOf(t.adminUser.id)).toHaveLength(2);
  });
});
