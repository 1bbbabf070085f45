import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { router } from '@blog/api/core';
import { SlugHistoryEntity } from '@blog/api/data';
import { createCategory, createTestApp, createTestDatabase, signInAgents,
  expectSlugRedirect, type TestDatabase } from '@blog/api/testing';
import { CategoriesModule } from './categories.module';
import { CategoriesRouter } from './categories.router';
import { CategoriesService } from './categories.service';

type Agent = ReturnType<typeof request.agent>;
/** A database, its migrations, an app and sign-ins: slow on a loaded machine. */
const SETUP_TIMEOUT_MS = 60_000;

describe('categories: old slugs lead to the current one (REST and tRPC)', () => {
  let database: TestDatabase;
  let app: INestApplication;
  let anonymous: Agent;
  let admin: Agent;
  let service: CategoriesService;

  const history = () => database.dataSource.getRepository(SlugHistoryEntity);

  /** The two doors of a rename: `PUT /api/categories/{id}` and tRPC `categories.update`. */
  const doors = {
    rest: (id: number, slug: string) => admin.put(`/api/categories/${id}`).send({ name: 'Renamed', slug }).expect(200),
    trpc: (id: number, slug: string) =>
      admin.post('/trpc/categories.update').send({ id, name: 'Renamed', slug }).expect(200),
  };
  const other = (door: keyof typeof doors) => (door === 'rest' ? 'trpc' : 'rest');

  /** tRPC `categories.redirect` as the web calls it: a public GET. */
  const redirect = (slug: string) =>
    anonymous.get(`/trpc/categories.redirect?input=${encodeURIComponent(JSON.stringify({ slug }))}`);
  /** Where `slug` leads through the service and through tRPC, which must agree. */
  const leadsTo = (slug: string) => expectSlugRedirect(anonymous, 'categories.redirect', (old) => service.resolveCategorySlug(old), slug);

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, [CategoriesModule], {
      trpc: (nest) => router({ categories: nest.get(CategoriesRouter).router }),
      signIn: true,
    });
    ({ anonymous, admin } = await signInAgents(app, database));
    service = app.get(CategoriesService);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  describe.each(['rest', 'trpc'] as const)('renamed through %s', (door) => {
    it('the old slug leads to the new one; the new one needs no redirect', async () => {
      const category = await createCategory(database, { slug: `${door}-first` });
      await doors[door](category.id, `${door}-second`);
      expect(await leadsTo(`${door}-first`)).toBe(`${door}-second`);
      expect(await leadsTo(`${door}-second`)).toBeNull();
    });

    it('renamed twice, both old slugs lead to the last one (A → B → C)', async () => {
      const category = await createCategory(database, { slug: `${door}-chain-a` });
      await doors[door](category.id, `${door}-chain-b`);
      await doors[other(door)](category.id, `${door}-chain-c`);
      expect(await leadsTo(`${door}-chain-a`)).toBe(`${door}-chain-c`);
      expect(await leadsTo(`${door}-chain-b`)).toBe(`${door}-chain-c`);
    });

    it('renamed back, no history row points at the slug the category has again', async () => {
      const category = await createCategory(database, { slug: `${door}-back-a` });
      await doors[door](category.id, `${door}-back-b`);
      await doors[door](category.id, `${door}-back-a`);
      expect(await leadsTo(`${door}-back-a`)).toBeNull();
      expect(await leadsTo(`${door}-back-b`)).toBe(`${door}-back-a`);
      expect((await history().findBy({ category_id: category.id })).map((row) => row.slug)).toEqual([`${door}-back-b`]);
    });

    it('a save that keeps the slug records nothing', async () => {
      const category = await createCategory(database, { slug: `${door}-same` });
      await doors[door](category.id, `${door}-same`);
      expect(await history().countBy({ category_id: category.id })).toBe(0);
    });

    it('deleting the category deletes its history', async () => {
      const category = await createCategory(database, { slug: `${door}-doomed-a` });
      await doors[door](category.id, `${door}-doomed-b`);
      expect(await history().countBy({ category_id: category.id })).toBe(1);
      if (door === 'rest') await admin.delete(`/api/categories/${category.id}`).expect(200);
      else await admin.post('/trpc/categories.delete').send({ id: category.id }).expect(200);
      expect(await history().countBy({ category_id: category.id })).toBe(0);
      expect(await leadsTo(`${door}-doomed-a`)).toBeNull();
    });
  });

  it('a live category always wins over history; renamed away, the old slug leads to the latest owner', async () => {
    const first = await createCategory(database, { slug: 'shared-spot' });
    await doors.rest(first.id, 'first-now');
    expect(await leadsTo('shared-spot')).toBe('first-now');
    const second = (await admin.post('/api/categories').send({ name: 'Second', slug: 'shared-spot' }).expect(200))
      .body as { id: number };
    expect(await leadsTo('shared-spot')).toBeNull();
    await doors.trpc(second.id, 'second-now');
    expect(await leadsTo('shared-spot')).toBe('second-now');
  });

  it('keeps post and category histories apart, and leaves reserved words to categories', async () => {
    // Categories live under /category/: `about` is a fine category slug.
    const category = await createCategory(database, { slug: 'about' });
    await doors.rest(category.id, 'search');
    expect(await leadsTo('about')).toBe('search');
    expect(await history().findOneByOrFail({ slug: 'about' })).toMatchObject({ category_id: category.id, post_id: null });
  });

  it('categories.redirect answers 404 for a slug no category ever had, 400 for a blank one, to anyone', async () => {
    expect(await leadsTo('never-was')).toBeNull();
    const blank = await redirect(' ').expect(400);
    expect(blank.body.error.data.fieldErrors.map((error: { field: string }) => error.field)).toEqual(['slug']);
  });
});
