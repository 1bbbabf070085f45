import request from 'supertest';
import { z } from 'zod';
import { categoryLinkSchema, categorySchema } from '@blog/contracts';
import { CategoryEntity } from '@blog/api/data';
import { createCategory, useTestApp } from '@blog/api/testing';
import { CategoriesModule } from './categories.module';
import { CategoriesRouter } from './categories.router';

describe('categories (REST and tRPC)', () => {
  const t = useTestApp([CategoriesModule]);
  const trpc = t.caller(CategoriesRouter);
  /** In creation (id) order, reloaded from the database after their timestamps were set. */
  let categories: CategoryEntity[];

  const get = (path: string) => request(t.app.getHttpServer()).get(path);

  beforeAll(async () => {
    // Slugs, names and update dates deliberately out of creation order, so that any other
    // ordering (by slug, by name, by updated_at) gives a different list.
    const created = [
      await createCategory(t.database, { slug: 'zeta-travel', name: 'Travel' }),
      await createCategory(t.database, { slug: 'alpha-poem', name: 'Poem' }),
      await createCategory(t.database, { slug: 'mid-english', name: 'Tiếng Anh' }),
    ];
    const dates = ['2025-03-01T08:00:00.000Z', '2025-01-01T08:00:00.000Z', '2025-02-01T08:00:00.000Z'];
    for (const [index, category] of created.entries()) {
      await t.database.dataSource.query('UPDATE categories SET updated_at = $1 WHERE id = $2', [
        dates[index],
        category.id,
      ]);
    }
    const repository = t.database.dataSource.getRepository(CategoryEntity);
    categories = await Promise.all(created.map((category) => repository.findOneByOrFail({ id: category.id })));
  });

  describe('GET /api/gst-categories', () => {
    it('answers every category as exactly {slug, name}, in creation order', async () => {
      const res = await get('/api/gst-categories').expect(200);
      z.array(categoryLinkSchema.strict()).parse(res.body);
      expect(res.body).toEqual(categories.map(({ slug, name }) => ({ slug, name })));
      for (const link of res.body) expect(Object.keys(link).sort()).toEqual(['name', 'slug']);
      expect(await trpc.links()).toEqual(res.body);
    });
  });

  describe('GET /api/categories', () => {
    it('answers every category as {id, name, slug, description, subscribable, updated_at, version, language, translations}, in creation order', async () => {
      const res = await get('/api/categories').expect(200);
      z.array(categorySchema.strict()).parse(res.body);
      expect(res.body).toEqual(
        categories.map((category) => ({
          id: category.id,
          name: category.name,
          slug: category.slug,
          description: category.description,
          subscribable: true,
          updated_at: category.updated_at.toISOString(),
          version: 1,
          language: 'en',
          translations: [],
        })),
      );
      expect(await trpc.list()).toEqual(res.body);
    });
  });

  describe('GET /api/categories/:id', () => {
    it('answers one category', async () => {
      const category = categories[1];
      const res = await get(`/api/categories/${category.id}`).expect(200);
      expect(categorySchema.strict().parse(res.body)).toEqual({
        id: category.id,
        name: category.name,
        slug: category.slug,
        description: category.description,
        subscribable: true,
        updated_at: category.updated_at.toISOString(),
        version: 1,
        language: 'en',
        translations: [],
      });
      expect(res.headers['etag']).toBe('"v1"');
      expect(await trpc.byId({ id: category.id })).toEqual(res.body);
    });

    it('answers 404 "Category not found" for an unknown id, on both doors', async () => {
      const unknownId = Math.max(...categories.map((category) => category.id)) + 1000;
      const res = await get(`/api/categories/${unknownId}`).expect(404);
      expect(res.body).toMatchObject({ statusCode: 404, message: 'Category not found' });
      await expect(trpc.byId({ id: unknownId })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Category not found',
      });
    });

    it.each(['abc', '0', '-3', '1.5'])('answers 400 naming the field for the id %p, on both doors', async (id) => {
      const res = await get(`/api/categories/${id}`).expect(400);
      expect(res.body.statusCode).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'id', message: expect.any(String) })]);
      expect(res.body.errors[0].field).toBe('id');
      await expect(trpc.byId({ id: id as unknown as number })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    });
  });
});
