import { OK } from '@blog/contracts';
import { CategoriesModule, CategoriesRouter } from '@blog/api/categories';
import { PostEntity } from '@blog/api/data';
import { PostsModule, TrashModule, TrashRouter } from '@blog/api/posts';
import { createCategory, createPost, testJobsModule, trpcHttp, useTestApp } from '@blog/api/testing';

const categoriesTrpc = trpcHttp<CategoriesRouter['router']>('categories');
const trashTrpc = trpcHttp<TrashRouter['router']>('trash');

/** The owner's journey across two domains: delete a post (to the trash), then its now empty category. */
describe('deleting a post, then its category', () => {
  const t = useTestApp([testJobsModule(), PostsModule, TrashModule, CategoriesModule], {
    trpc: (nest) => ({ categories: nest.get(CategoriesRouter).router, trash: nest.get(TrashRouter).router }),
    signIn: true,
  });

  it.each(['REST', 'tRPC'] as const)(
    'deletes the category and its trashed post; restoring the post then answers 404 (%s)',
    async (door) => {
      const category = await createCategory(t.database);
      const post = await createPost(t.database, category);
      await t.admin.delete(`/api/posts/${post.id}`).expect(200);

      if (door === 'REST') {
        expect((await t.admin.delete(`/api/categories/${category.id}`).expect(200)).body).toEqual(OK);
        const restore = await t.admin.post(`/api/trash/posts/${post.id}/restore`).expect(404);
        expect(restore.body.message).toBe('Post not found');
      } else {
        await categoriesTrpc.mutation(t.admin, 'delete', { id: category.id }).expect(200);
        const restore = await trashTrpc.mutation(t.admin, 'restore', { id: post.id }).expect(404);
        expect(restore.body.error.data.code).toBe('NOT_FOUND');
      }
      expect(await t.database.dataSource.getRepository(PostEntity).existsBy({ id: post.id })).toBe(false);
      expect((await t.admin.get('/api/trash/posts').expect(200)).body).not.toContainEqual(
        expect.objectContaining({ id: post.id }),
      );
    },
  );
});
