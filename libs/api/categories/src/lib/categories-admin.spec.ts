import { type INestApplication, Logger } from '@nestjs/common';
import request from 'supertest';
import { categorySchema, OK } from '@blog/contracts';
import { router } from '@blog/api/core';
import { CategoryEntity } from '@blog/api/data';
import { createCategory, createPost, createTestApp, createTestDatabase, expectAdminOnly, signInAgents, type TestDatabase } from '@blog/api/testing';
import { CategoriesModule } from './categories.module';
import { CategoriesRouter } from './categories.router';

type Agent = ReturnType<typeof request.agent>;
/** A database, its migrations, an app and sign-ins: slow on a loaded machine. */
const SETUP_TIMEOUT_MS = 60_000;

const trpcMutation = (agent: Agent, path: string, input: unknown) => agent.post(`/trpc/categories.${path}`).send(input as object);

describe('categories: the admin writes (REST and tRPC)', () => {
  let database: TestDatabase;
  let app: INestApplication;
  let anonymous: Agent;
  let member: Agent;
  let admin: Agent;

  const categories = () => database.dataSource.getRepository(CategoryEntity);

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, [CategoriesModule], {
      trpc: (nest) => router({ categories: nest.get(CategoriesRouter).router }),
      signIn: true,
    });
    ({ anonymous, reader: member, admin } = await signInAgents(app, database));
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  describe('access: anonymous → 401, signed-in non-admin → 403, admin → 200', () => {
    const doors: Array<[string, (agent: Agent, category: CategoryEntity) => request.Test]> = [
      ['POST /api/categories', (agent, c) => agent.post('/api/categories').send({ name: 'New', slug: `new-${c.id}` })],
      ['PUT /api/categories/:id', (agent, c) => agent.put(`/api/categories/${c.id}`).send({ name: 'Renamed', slug: c.slug })],
      ['DELETE /api/categories/:id', (agent, c) => agent.delete(`/api/categories/${c.id}`)],
      ['tRPC categories.create', (agent, c) => trpcMutation(agent, 'create', { name: 'New', slug: `trpc-new-${c.id}` })],
      ['tRPC categories.update', (agent, c) => trpcMutation(agent, 'update', { id: c.id, name: 'Renamed', slug: c.slug })],
      ['tRPC categories.delete', (agent, c) => trpcMutation(agent, 'delete', { id: c.id })],
    ];

    it.each(doors)('%s', async (door, call) => {
      const category = await createCategory(database, { name: 'Original' });
      const before = await categories().count();

      await expectAdminOnly(door, (agent) => call(agent, category), { anonymous, reader: member });
      // Nothing changed for the refused calls.
      expect(await categories().count()).toBe(before);
      expect(await categories().findOneByOrFail({ id: category.id })).toMatchObject({ name: 'Original' });

      await call(admin, category).expect(200);
    });
  });

  describe('POST /api/categories and categories.create', () => {
    it('creates a category from the trimmed name and slug and answers it (200)', async () => {
      const res = await admin.post('/api/categories').send({ name: '  Du lịch  ', slug: ' du-lich ' }).expect(200);
      const created = categorySchema.strict().parse(res.body);
      expect(created).toMatchObject({ name: 'Du lịch', slug: 'du-lich' });
      expect(await categories().findOneByOrFail({ id: created.id })).toMatchObject({ name: 'Du lịch', slug: 'du-lich' });

      const viaTrpc = await trpcMutation(admin, 'create', { name: ' Thơ ', slug: 'tho ' }).expect(200);
      expect(categorySchema.strict().parse(viaTrpc.body.result.data)).toMatchObject({ name: 'Thơ', slug: 'tho' });
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
    ])('answers 400 naming the field for %s, storing nothing', async (_case, body, field) => {
      const before = await categories().count();
      const res = await admin.post('/api/categories').send(body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.body.errors.map((error: { field: string }) => error.field)).toEqual([field]);

      const viaTrpc = await trpcMutation(admin, 'create', body).expect(400);
      expect(viaTrpc.body.error.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
      expect(viaTrpc.body.error.data.fieldErrors.map((error: { field: string }) => error.field)).toEqual([field]);
      expect(await categories().count()).toBe(before);
    });

    it('answers 409 naming slug when the slug is taken, on both doors', async () => {
      await createCategory(database, { slug: 'taken', name: 'Taken' });
      const res = await admin.post('/api/categories').send({ name: 'Another', slug: ' taken ' }).expect(409);
      expect(res.body).toMatchObject({ statusCode: 409, error: 'Conflict', errors: [{ field: 'slug', message: expect.any(String) }] });

      const viaTrpc = await trpcMutation(admin, 'create', { name: 'Another', slug: 'taken' }).expect(409);
      expect(viaTrpc.body.error.data).toMatchObject({ code: 'CONFLICT', fieldErrors: [{ field: 'slug', message: expect.any(String) }] });
      expect(await categories().countBy({ slug: 'taken' })).toBe(1);
    });
  });

  it('lets exactly one of two racing creates of one slug win; the other gets 409, never 500', async () => {
    // The loser may trip over the unique constraint, which TypeORM logs: that is the expected path.
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const results = await Promise.all(
        [1, 2, 3].map(() => admin.post('/api/categories').send({ name: 'Racer', slug: 'racing-slug' })),
      );
      expect(results.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    } finally {
      log.mockRestore();
    }
    expect(await categories().countBy({ slug: 'racing-slug' })).toBe(1);
  });

  describe('PUT /api/categories/:id and categories.update', () => {
    it('renames a category, keeping or changing its slug, and answers it', async () => {
      const category = await createCategory(database, { slug: 'old-slug', name: 'Old' });
      await database.dataSource.query(`UPDATE categories SET updated_at = '2020-01-01' WHERE id = $1`, [category.id]);

      const res = await admin.put(`/api/categories/${category.id}`).send({ name: ' New name ', slug: 'old-slug' }).expect(200);
      expect(categorySchema.strict().parse(res.body)).toMatchObject({ id: category.id, name: 'New name', slug: 'old-slug' });
      expect(new Date(res.body.updated_at).getFullYear()).toBeGreaterThan(2020);

      const viaTrpc = await trpcMutation(admin, 'update', { id: category.id, name: 'Newer', slug: 'new-slug' }).expect(200);
      expect(viaTrpc.body.result.data).toMatchObject({ id: category.id, name: 'Newer', slug: 'new-slug' });
      expect(await categories().findOneByOrFail({ id: category.id })).toMatchObject({ name: 'Newer', slug: 'new-slug' });
    });

    it('answers 409 naming slug when moving onto another category slug', async () => {
      await createCategory(database, { slug: 'first-one' });
      const second = await createCategory(database, { slug: 'second-one' });
      const res = await admin.put(`/api/categories/${second.id}`).send({ name: 'X', slug: 'first-one' }).expect(409);
      expect(res.body.errors).toEqual([{ field: 'slug', message: expect.any(String) }]);
      await trpcMutation(admin, 'update', { id: second.id, name: 'X', slug: 'first-one' }).expect(409);
      expect(await categories().findOneByOrFail({ id: second.id })).toMatchObject({ slug: 'second-one' });
    });

    it('answers 404 for an unknown id and 400 for a bad id or body', async () => {
      const res = await admin.put('/api/categories/999999').send({ name: 'X', slug: 'x' }).expect(404);
      expect(res.body).toMatchObject({ statusCode: 404, message: 'Category not found' });
      const viaTrpc = await trpcMutation(admin, 'update', { id: 999999, name: 'X', slug: 'x' }).expect(404);
      expect(viaTrpc.body.error.data.code).toBe('NOT_FOUND');

      const badId = await admin.put('/api/categories/abc').send({ name: 'X', slug: 'x' }).expect(400);
      expect(badId.body.errors).toEqual([expect.objectContaining({ field: 'id' })]);
      const category = await createCategory(database);
      const badSlug = await admin.put(`/api/categories/${category.id}`).send({ name: 'X', slug: 'No Good' }).expect(400);
      expect(badSlug.body.errors).toEqual([expect.objectContaining({ field: 'slug' })]);
    });
  });

  describe('DELETE /api/categories/:id and categories.delete', () => {
    it('deletes an empty category and answers {status: 200}', async () => {
      const category = await createCategory(database);
      expect((await admin.delete(`/api/categories/${category.id}`).expect(200)).body).toEqual(OK);
      expect(await categories().existsBy({ id: category.id })).toBe(false);

      const other = await createCategory(database);
      expect((await trpcMutation(admin, 'delete', { id: other.id }).expect(200)).body.result.data).toEqual(OK);
      expect(await categories().existsBy({ id: other.id })).toBe(false);
    });

    it('answers 409 saying how many posts (hidden ones counted) the category still has, and keeps it', async () => {
      const category = await createCategory(database, { name: 'Busy' });
      await createPost(database, category);
      await createPost(database, category, { status: 1 });

      const res = await admin.delete(`/api/categories/${category.id}`).expect(409);
      expect(res.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
      expect(res.body.message).toContain('"Busy" still has 2 posts');

      const viaTrpc = await trpcMutation(admin, 'delete', { id: category.id }).expect(409);
      expect(viaTrpc.body.error).toMatchObject({ message: expect.stringContaining('2 posts'), data: { code: 'CONFLICT' } });
      expect(await categories().existsBy({ id: category.id })).toBe(true);
    });

    it('says "1 post" for a single one', async () => {
      const category = await createCategory(database);
      await createPost(database, category);
      const res = await admin.delete(`/api/categories/${category.id}`).expect(409);
      expect(res.body.message).toContain('still has 1 post:');
    });

    it('answers 404 for an unknown id, on both doors', async () => {
      await admin.delete('/api/categories/999999').expect(404);
      expect((await trpcMutation(admin, 'delete', { id: 999999 }).expect(404)).body.error.data.code).toBe('NOT_FOUND');
    });
  });
});
