import { Logger } from '@nestjs/common';
import request from 'supertest';
import { categorySchema, OK } from '@blog/contracts';
import { CategoryEntity, PostEntity } from '@blog/api/data';
import {
  createCategory,
  createPost,
  expectAdminOnly,
  invalidInput,
  trpcHttp,
  useTestApp,
  type TestAgent as Agent,
} from '@blog/api/testing';
import { CategoriesModule } from './categories.module';
import { CategoriesRouter } from './categories.router';

const categoriesTrpc = trpcHttp<CategoriesRouter['router']>('categories');

describe('categories: the admin writes (REST and tRPC)', () => {
  const t = useTestApp([CategoriesModule], {
    trpc: (nest) => ({ categories: nest.get(CategoriesRouter).router }),
    signIn: true,
  });

  const categories = () => t.database.dataSource.getRepository(CategoryEntity);

  describe('access: anonymous → 401, signed-in non-admin → 403, admin → 200', () => {
    const doors: Array<[string, (agent: Agent, category: CategoryEntity) => request.Test]> = [
      ['POST /api/categories', (agent, c) => agent.post('/api/categories').send({ name: 'New', slug: `new-${c.id}` })],
      [
        'PUT /api/categories/:id',
        (agent, c) => agent.put(`/api/categories/${c.id}`).send({ name: 'Renamed', slug: c.slug }),
      ],
      ['DELETE /api/categories/:id', (agent, c) => agent.delete(`/api/categories/${c.id}`)],
      [
        'tRPC categories.create',
        (agent, c) => categoriesTrpc.mutation(agent, 'create', { name: 'New', slug: `trpc-new-${c.id}` }),
      ],
      [
        'tRPC categories.update',
        (agent, c) => categoriesTrpc.mutation(agent, 'update', { id: c.id, name: 'Renamed', slug: c.slug }),
      ],
      ['tRPC categories.delete', (agent, c) => categoriesTrpc.mutation(agent, 'delete', { id: c.id })],
    ];

    it.each(doors)('%s', async (door, call) => {
      const category = await createCategory(t.database, { name: 'Original' });
      const before = await categories().count();

      await expectAdminOnly(door, (agent) => call(agent, category), t);
      // Nothing changed for the refused calls.
      expect(await categories().count()).toBe(before);
      expect(await categories().findOneByOrFail({ id: category.id })).toMatchObject({ name: 'Original' });

      await call(t.admin, category).expect(200);
    });
  });

  describe('POST /api/categories and categories.create', () => {
    it('creates a category from the trimmed name and slug and answers it (200)', async () => {
      const res = await t.admin.post('/api/categories').send({ name: '  Du lịch  ', slug: ' du-lich ' }).expect(200);
      const created = categorySchema.strict().parse(res.body);
      expect(created).toMatchObject({ name: 'Du lịch', slug: 'du-lich' });
      expect(await categories().findOneByOrFail({ id: created.id })).toMatchObject({
        name: 'Du lịch',
        slug: 'du-lich',
      });

      const viaTrpc = await categoriesTrpc.mutation(t.admin, 'create', { name: ' Thơ ', slug: 'tho ' }).expect(200);
      expect(categorySchema.strict().parse(viaTrpc.body.result.data)).toMatchObject({
        name: 'Thơ',
        slug: 'tho',
        description: '',
      });
    });

    it('takes a trimmed description on create and update; an update without one keeps it, on both doors', async () => {
      const res = await t.admin
        .post('/api/categories')
        .send({ name: 'Phở', slug: 'pho', description: ' Bát phở ngon nhất Hà Nội. ' })
        .expect(200);
      expect(res.body).toMatchObject({ slug: 'pho', description: 'Bát phở ngon nhất Hà Nội.' });
      const id = res.body.id as number;
      // The spec's clients send name and slug only: the description stays.
      await t.admin.put(`/api/categories/${id}`).send({ name: 'Phở bò', slug: 'pho' }).expect(200);
      expect(await categories().findOneByOrFail({ id })).toMatchObject({ description: 'Bát phở ngon nhất Hà Nội.' });

      const viaTrpc = await categoriesTrpc
        .mutation(t.admin, 'create', { name: 'Bún', slug: 'bun', description: 'Bún chả.' })
        .expect(200);
      expect(viaTrpc.body.result.data).toMatchObject({ description: 'Bún chả.' });
      const updated = await categoriesTrpc
        .mutation(t.admin, 'update', { id: viaTrpc.body.result.data.id, name: 'Bún', slug: 'bun', description: '' })
        .expect(200);
      expect(updated.body.result.data).toMatchObject({ description: '' });
      await t.admin.put(`/api/categories/${id}`).send({ name: 'Phở bò', slug: 'pho', description: 'Phở.' }).expect(200);
      expect((await t.admin.get(`/api/categories/${id}`).expect(200)).body).toMatchObject({ description: 'Phở.' });
    });

    it('takes `subscribable` (true when absent) on create and update; an update without it keeps it, on both doors', async () => {
      const res = await t.admin.post('/api/categories').send({ name: 'Nhật ký', slug: 'nhat-ky' }).expect(200);
      expect(res.body).toMatchObject({ subscribable: true });
      const id = res.body.id as number;
      await t.admin
        .put(`/api/categories/${id}`)
        .send({ name: 'Nhật ký', slug: 'nhat-ky', subscribable: false })
        .expect(200);
      expect(await categories().findOneByOrFail({ id })).toMatchObject({ subscribable: false });
      await t.admin.put(`/api/categories/${id}`).send({ name: 'Nhật ký riêng', slug: 'nhat-ky' }).expect(200);
      expect((await t.admin.get(`/api/categories/${id}`).expect(200)).body).toMatchObject({ subscribable: false });

      const viaTrpc = await categoriesTrpc
        .mutation(t.admin, 'create', { name: 'Ghi chú', slug: 'ghi-chu', subscribable: false })
        .expect(200);
      expect(viaTrpc.body.result.data).toMatchObject({ subscribable: false });
      const updated = await categoriesTrpc
        .mutation(t.admin, 'update', {
          id: viaTrpc.body.result.data.id,
          name: 'Ghi chú',
          slug: 'ghi-chu',
          subscribable: true,
        })
        .expect(200);
      expect(updated.body.result.data).toMatchObject({ subscribable: true });
    });

    it.each([
      ['a slug with spaces and capitals', { name: 'Travel', slug: 'Hello World' }, 'slug'],
      ['a slug with a double hyphen', { name: 'Travel', slug: 'a--b' }, 'slug'],
      ['a slug with accents', { name: 'Travel', slug: 'du-lịch' }, 'slug'],
      ['a slug with a slash', { name: 'Travel', slug: '../x' }, 'slug'],
      ['a blank slug', { name: 'Travel', slug: '   ' }, 'slug'],
      ['no slug', { name: 'Travel' }, 'slug'],
      ['a blank name', { name: '  ', slug: 'fine' }, 'name'],
      ['a name that is not text', { name: 12, slug: 'fine' }, 'name'],
      [
        'a description over 300 characters',
        { name: 'Travel', slug: 'fine', description: 'x'.repeat(301) },
        'description',
      ],
      ['a description that is not text', { name: 'Travel', slug: 'fine', description: ['x'] }, 'description'],
      ['a subscribable that is not a boolean', { name: 'Travel', slug: 'fine', subscribable: 'yes' }, 'subscribable'],
    ])('answers 400 naming the field for %s, storing nothing', async (_case, body, field) => {
      const before = await categories().count();
      const res = await t.admin.post('/api/categories').send(body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.body.errors.map((error: { field: string }) => error.field)).toEqual([field]);

      const viaTrpc = await categoriesTrpc.mutation(t.admin, 'create', invalidInput(body)).expect(400);
      expect(viaTrpc.body.error.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
      expect(viaTrpc.body.error.data.fieldErrors.map((error: { field: string }) => error.field)).toEqual([field]);
      expect(await categories().count()).toBe(before);
    });

    it('answers 409 naming slug when the slug is taken, on both doors', async () => {
      await createCategory(t.database, { slug: 'taken', name: 'Taken' });
      const res = await t.admin.post('/api/categories').send({ name: 'Another', slug: ' taken ' }).expect(409);
      expect(res.body).toMatchObject({
        statusCode: 409,
        error: 'Conflict',
        errors: [{ field: 'slug', message: expect.any(String) }],
      });

      const viaTrpc = await categoriesTrpc.mutation(t.admin, 'create', { name: 'Another', slug: 'taken' }).expect(409);
      expect(viaTrpc.body.error.data).toMatchObject({
        code: 'CONFLICT',
        fieldErrors: [{ field: 'slug', message: expect.any(String) }],
      });
      expect(await categories().countBy({ slug: 'taken' })).toBe(1);
    });
  });

  it('lets exactly one of two racing creates of one slug win; the other gets 409, never 500', async () => {
    // The loser may trip over the unique constraint, which TypeORM logs: that is the expected path.
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const results = await Promise.all(
        [1, 2, 3].map(() => t.admin.post('/api/categories').send({ name: 'Racer', slug: 'racing-slug' })),
      );
      expect(results.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    } finally {
      log.mockRestore();
    }
    expect(await categories().countBy({ slug: 'racing-slug' })).toBe(1);
  });

  describe('PUT /api/categories/:id and categories.update', () => {
    it('renames a category, keeping or changing its slug, and answers it', async () => {
      const category = await createCategory(t.database, { slug: 'old-slug', name: 'Old' });
      await t.database.dataSource.query(`UPDATE categories SET updated_at = '2020-01-01' WHERE id = $1`, [category.id]);

      const res = await t.admin
        .put(`/api/categories/${category.id}`)
        .send({ name: ' New name ', slug: 'old-slug' })
        .expect(200);
      expect(categorySchema.strict().parse(res.body)).toMatchObject({
        id: category.id,
        name: 'New name',
        slug: 'old-slug',
      });
      expect(new Date(res.body.updated_at).getFullYear()).toBeGreaterThan(2020);

      const viaTrpc = await categoriesTrpc
        .mutation(t.admin, 'update', { id: category.id, name: 'Newer', slug: 'new-slug' })
        .expect(200);
      expect(viaTrpc.body.result.data).toMatchObject({ id: category.id, name: 'Newer', slug: 'new-slug' });
      expect(await categories().findOneByOrFail({ id: category.id })).toMatchObject({
        name: 'Newer',
        slug: 'new-slug',
      });
    });

    it('answers 409 naming slug when moving onto another category slug', async () => {
      await createCategory(t.database, { slug: 'first-one' });
      const second = await createCategory(t.database, { slug: 'second-one' });
      const res = await t.admin.put(`/api/categories/${second.id}`).send({ name: 'X', slug: 'first-one' }).expect(409);
      expect(res.body.errors).toEqual([{ field: 'slug', message: expect.any(String) }]);
      await categoriesTrpc.mutation(t.admin, 'update', { id: second.id, name: 'X', slug: 'first-one' }).expect(409);
      expect(await categories().findOneByOrFail({ id: second.id })).toMatchObject({ slug: 'second-one' });
    });

    it('answers 404 for an unknown id and 400 for a bad id or body', async () => {
      const res = await t.admin.put('/api/categories/999999').send({ name: 'X', slug: 'x' }).expect(404);
      expect(res.body).toMatchObject({ statusCode: 404, message: 'Category not found' });
      const viaTrpc = await categoriesTrpc
        .mutation(t.admin, 'update', { id: 999999, name: 'X', slug: 'x' })
        .expect(404);
      expect(viaTrpc.body.error.data.code).toBe('NOT_FOUND');

      const badId = await t.admin.put('/api/categories/abc').send({ name: 'X', slug: 'x' }).expect(400);
      expect(badId.body.errors).toEqual([expect.objectContaining({ field: 'id' })]);
      const category = await createCategory(t.database);
      const badSlug = await t.admin
        .put(`/api/categories/${category.id}`)
        .send({ name: 'X', slug: 'No Good' })
        .expect(400);
      expect(badSlug.body.errors).toEqual([expect.objectContaining({ field: 'slug' })]);
    });
  });

  describe('DELETE /api/categories/:id and categories.delete', () => {
    it('deletes an empty category and answers {status: 200}', async () => {
      const category = await createCategory(t.database);
      expect((await t.admin.delete(`/api/categories/${category.id}`).expect(200)).body).toEqual(OK);
      expect(await categories().existsBy({ id: category.id })).toBe(false);

      const other = await createCategory(t.database);
      expect((await categoriesTrpc.mutation(t.admin, 'delete', { id: other.id }).expect(200)).body.result.data).toEqual(
        OK,
      );
      expect(await categories().existsBy({ id: other.id })).toBe(false);
    });

    it('deletes a category whose only posts are in the trash, deleting them for good with it, on both doors', async () => {
      const posts = () => t.database.dataSource.getRepository(PostEntity);
      for (const door of ['REST', 'tRPC'] as const) {
        const category = await createCategory(t.database);
        const trashed = await createPost(t.database, category, { deleted_at: new Date() });
        const other = await createPost(t.database, await createCategory(t.database), { deleted_at: new Date() });
        if (door === 'REST') {
          expect((await t.admin.delete(`/api/categories/${category.id}`).expect(200)).body).toEqual(OK);
        } else {
          await categoriesTrpc.mutation(t.admin, 'delete', { id: category.id }).expect(200);
        }
        expect(await categories().existsBy({ id: category.id })).toBe(false);
        expect(await posts().existsBy({ id: trashed.id })).toBe(false);
        expect(await posts().existsBy({ id: other.id })).toBe(true);
      }
    });

    it('answers 409 saying how many live posts (hidden, draft and scheduled ones counted) it has, and keeps them all', async () => {
      const category = await createCategory(t.database, { name: 'Busy' });
      await createPost(t.database, category);
      await createPost(t.database, category, { status: 1 });
      await createPost(t.database, category, { published_at: null });
      await createPost(t.database, category, { published_at: new Date(Date.now() + 86_400_000) });
      const trashed = await createPost(t.database, category, { deleted_at: new Date() });

      const res = await t.admin.delete(`/api/categories/${category.id}`).expect(409);
      expect(res.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
      expect(res.body.message).toBe('The category "Busy" still has 4 posts: move or delete them before deleting it');

      const viaTrpc = await categoriesTrpc.mutation(t.admin, 'delete', { id: category.id }).expect(409);
      expect(viaTrpc.body.error).toMatchObject({
        message: expect.stringContaining('4 posts'),
        data: { code: 'CONFLICT' },
      });
      expect(await categories().existsBy({ id: category.id })).toBe(true);
      expect(await t.database.dataSource.getRepository(PostEntity).existsBy({ id: trashed.id })).toBe(true);
    });

    it('says "1 post" for a single one', async () => {
      const category = await createCategory(t.database);
      await createPost(t.database, category);
      const res = await t.admin.delete(`/api/categories/${category.id}`).expect(409);
      expect(res.body.message).toContain('still has 1 post:');
    });

    it('answers 404 for an unknown id, on both doors', async () => {
      await t.admin.delete('/api/categories/999999').expect(404);
      expect((await categoriesTrpc.mutation(t.admin, 'delete', { id: 999999 }).expect(404)).body.error.data.code).toBe(
        'NOT_FOUND',
      );
    });
  });

  describe('versions: ETag, If-Match / 412 and tRPC CONFLICT', () => {
    it('saves over the version named, refuses a stale or malformed one with the category now, writes nothing', async () => {
      const category = await createCategory(t.database, { name: 'Versioned', slug: 'versioned' });
      const read = await request(t.app.getHttpServer()).get(`/api/categories/${category.id}`).expect(200);
      expect(read.headers['etag']).toBe('"v1"');
      const saved = await t.admin
        .put(`/api/categories/${category.id}`)
        .set('If-Match', '"v1"')
        .send({ name: 'Versioned 2', slug: 'versioned' })
        .expect(200);
      expect(saved.body).toMatchObject({ name: 'Versioned 2', version: 2 });
      expect(await categories().findOneByOrFail({ id: category.id })).toMatchObject({
        updated_via: 'rest',
        updated_by: expect.any(Number),
      });
      const before = await categories().findOneByOrFail({ id: category.id });
      for (const ifMatch of ['"v1"', 'v2', '"2"']) {
        const res = await t.admin
          .put(`/api/categories/${category.id}`)
          .set('If-Match', ifMatch)
          .send({ name: 'Stale', slug: 'stale-slug' })
          .expect(412);
        expect(res.body).toMatchObject({
          statusCode: 412,
          error: 'Precondition Failed',
          current: saved.body,
          changed: { via: 'rest', user_name: 'Admin' },
        });
      }
      const conflict = await categoriesTrpc
        .mutation(t.admin, 'update', { id: category.id, version: 1, name: 'Stale', slug: 'stale-slug' })
        .expect(409);
      expect(conflict.body.error.data).toMatchObject({ code: 'CONFLICT', conflict: { current: saved.body } });
      expect(await categories().findOneByOrFail({ id: category.id })).toEqual(before);
      // No slug history from a refused save.
      expect(
        await t.database.dataSource.query('SELECT slug FROM slug_history WHERE category_id = $1', [category.id]),
      ).toEqual([]);
      await categoriesTrpc
        .mutation(t.admin, 'update', { id: category.id, version: 2, name: 'Versioned 3', slug: 'versioned' })
        .expect(200);
      expect(await categories().findOneByOrFail({ id: category.id })).toMatchObject({
        version: 3,
        updated_via: 'trpc',
      });
      // Without If-Match (the spec's client): over any version.
      await t.admin.put(`/api/categories/${category.id}`).send({ name: 'Versioned 4', slug: 'versioned' }).expect(200);
      expect(await categories().findOneByOrFail({ id: category.id })).toMatchObject({ version: 4 });
    });
  });
});
