import { SlugHistoryEntity } from '@blog/api/data';
import { createCategory, expectSlugRedirect, trpcHttp, useTestApp } from '@blog/api/testing';
import { CategoriesModule } from './categories.module';
import { CategoriesRouter } from './categories.router';
import { CategoriesService } from './categories.service';

const categories = trpcHttp<CategoriesRouter['router']>('categories');

describe('categories: old slugs lead to the current one (REST and tRPC)', () => {
  const t = useTestApp([CategoriesModule], {
    trpc: (nest) => ({ categories: nest.get(CategoriesRouter).router }),
    signIn: true,
  });
  const service = () => t.app.get(CategoriesService);

  const history = () => t.database.dataSource.getRepository(SlugHistoryEntity);

  /** The two doors of a rename: `PUT /api/categories/{id}` and tRPC `categories.update`. */
  const doors = {
    rest: (id: number, slug: string) =>
      t.admin.put(`/api/categories/${id}`).send({ name: 'Renamed', slug }).expect(200),
    trpc: (id: number, slug: string) =>
      categories.mutation(t.admin, 'update', { id, name: 'Renamed', slug }).expect(200),
  };
  const other = (door: keyof typeof doors) => (door === 'rest' ? 'trpc' : 'rest');

  /** tRPC `categories.redirect` as the web calls it: a public GET. */
  const redirect = (slug: string) => categories.query(t.anonymous, 'redirect', { slug });
  /** Where `slug` leads through the service and through tRPC, which must agree. */
  const leadsTo = (slug: string) =>
    expectSlugRedirect(
      t.anonymous,
      'categories.redirect',
      async (old) => (await service().resolveCategorySlug(old))?.slug ?? null,
      slug,
    );

  describe.each(['rest', 'trpc'] as const)('renamed through %s', (door) => {
    it('the old slug leads to the new one; the new one needs no redirect', async () => {
      const category = await createCategory(t.database, { slug: `${door}-first` });
      await doors[door](category.id, `${door}-second`);
      expect(await leadsTo(`${door}-first`)).toBe(`${door}-second`);
      expect(await leadsTo(`${door}-second`)).toBeNull();
    });

    it('renamed twice, both old slugs lead to the last one (A → B → C)', async () => {
      const category = await createCategory(t.database, { slug: `${door}-chain-a` });
      await doors[door](category.id, `${door}-chain-b`);
      await doors[other(door)](category.id, `${door}-chain-c`);
      expect(await leadsTo(`${door}-chain-a`)).toBe(`${door}-chain-c`);
      expect(await leadsTo(`${door}-chain-b`)).toBe(`${door}-chain-c`);
    });

    it('renamed back, no history row points at the slug the category has again', async () => {
      const category = await createCategory(t.database, { slug: `${door}-back-a` });
      await doors[door](category.id, `${door}-back-b`);
      await doors[door](category.id, `${door}-back-a`);
      expect(await leadsTo(`${door}-back-a`)).toBeNull();
      expect(await leadsTo(`${door}-back-b`)).toBe(`${door}-back-a`);
      expect((await history().findBy({ category_id: category.id })).map((row) => row.slug)).toEqual([`${door}-back-b`]);
    });

    it('a save that keeps the slug records nothing', async () => {
      const category = await createCategory(t.database, { slug: `${door}-same` });
      await doors[door](category.id, `${door}-same`);
      expect(await history().countBy({ category_id: category.id })).toBe(0);
    });

    it('deleting the category deletes its history', async () => {
      const category = await createCategory(t.database, { slug: `${door}-doomed-a` });
      await doors[door](category.id, `${door}-doomed-b`);
      expect(await history().countBy({ category_id: category.id })).toBe(1);
      if (door === 'rest') await t.admin.delete(`/api/categories/${category.id}`).expect(200);
      else await categories.mutation(t.admin, 'delete', { id: category.id }).expect(200);
      expect(await history().countBy({ category_id: category.id })).toBe(0);
      expect(await leadsTo(`${door}-doomed-a`)).toBeNull();
    });
  });

  it('a live category always wins over history; renamed away, the old slug leads to the latest owner', async () => {
    const first = await createCategory(t.database, { slug: 'shared-spot' });
    await doors.rest(first.id, 'first-now');
    expect(await leadsTo('shared-spot')).toBe('first-now');
    const second = (await t.admin.post('/api/categories').send({ name: 'Second', slug: 'shared-spot' }).expect(200))
      .body as { id: number };
    expect(await leadsTo('shared-spot')).toBeNull();
    await doors.trpc(second.id, 'second-now');
    expect(await leadsTo('shared-spot')).toBe('second-now');
  });

  it('keeps post and category histories apart, and leaves reserved words to categories', async () => {
    // Categories live under /category/: `about` is a fine category slug.
    const category = await createCategory(t.database, { slug: 'about' });
    await doors.rest(category.id, 'search');
    expect(await leadsTo('about')).toBe('search');
    expect(await history().findOneByOrFail({ slug: 'about' })).toMatchObject({
      category_id: category.id,
      post_id: null,
    });
  });

  it('categories.redirect answers 404 for a slug no category ever had, 400 for a blank one, to anyone', async () => {
    expect(await leadsTo('never-was')).toBeNull();
    const blank = await redirect(' ').expect(400);
    expect(blank.body.error.data.fieldErrors.map((error: { field: string }) => error.field)).toEqual(['slug']);
  });
});
