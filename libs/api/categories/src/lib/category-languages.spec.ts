import { CategoryEntity } from '@blog/api/data';
import { createCategory, createPost, trpcHttp, useTestApp } from '@blog/api/testing';
import { CategoriesModule } from './categories.module';
import { CategoriesRouter } from './categories.router';

const categoriesTrpc = trpcHttp<CategoriesRouter['router']>('categories');
const fieldsOf = (errors: Array<{ field: string }> | undefined) => (errors ?? []).map((error) => error.field);

describe('categories in two languages (REST and tRPC)', () => {
  const t = useTestApp([CategoriesModule], {
    trpc: (nest) => ({ categories: nest.get(CategoriesRouter).router }),
    signIn: true,
  });
  const categories = () => t.database.dataSource.getRepository(CategoryEntity);

  afterEach(async () => {
    await t.database.dataSource.query('DELETE FROM posts');
    await t.database.dataSource.query('DELETE FROM categories');
  });

  it("lists one language's categories, the same slug in both, a slug taken in its language a 409 naming slug", async () => {
    await t.admin.post('/api/categories').send({ name: 'Travel', slug: 'travel' }).expect(200);
    const vi = await t.admin
      .post('/api/categories')
      .send({ name: 'Du lịch', slug: 'travel', language: 'vi' })
      .expect(200);
    expect(vi.body).toMatchObject({ language: 'vi', translations: [] });
    const taken = await t.admin.post('/api/categories').send({ name: 'X', slug: 'travel', language: 'vi' }).expect(409);
    expect(fieldsOf(taken.body.errors)).toEqual(['slug']);
    expect((await t.anonymous.get('/api/gst-categories').expect(200)).body).toEqual([
      { slug: 'travel', name: 'Travel' },
    ]);
    expect((await t.anonymous.get('/api/gst-categories?lang=vi').expect(200)).body).toEqual([
      { slug: 'travel', name: 'Du lịch' },
    ]);
    expect((await categoriesTrpc.query(t.anonymous, 'links', { lang: 'vi' }).expect(200)).body.result.data).toEqual([
      { slug: 'travel', name: 'Du lịch' },
    ]);
    expect(fieldsOf((await t.anonymous.get('/api/gst-categories?lang=xx').expect(400)).body.errors)).toEqual(['lang']);
  });

  it('pairs categories, refusing two of one language, and unpairs them', async () => {
    const travel = await createCategory(t.database, { slug: 'travel' });
    const duLich = await createCategory(t.database, { slug: 'du-lich', language: 'vi' });
    const story = await createCategory(t.database, { slug: 'story' });
    const linked = await t.admin.put(`/api/categories/${travel.id}/translations/${duLich.id}`).expect(200);
    expect(linked.body.translations).toEqual([
      { id: duLich.id, language: 'vi', slug: 'du-lich', title: duLich.name, path: '/vi/category/du-lich' },
    ]);
    const refused = await categoriesTrpc
      .mutation(t.admin, 'linkTranslation', { id: story.id, translation_id: travel.id })
      .expect(409);
    expect(refused.body.error.data.fieldErrors).toEqual([expect.objectContaining({ field: 'translation_id' })]);
    await t.admin.delete(`/api/categories/${duLich.id}/translations`).expect(200);
    expect((await categories().findBy({ id: travel.id }))[0].translation_group).toBeNull();
  });

  it("keeps a category's language while posts are in it, and leads its old address to the new one", async () => {
    const travel = await createCategory(t.database, { slug: 'travel', name: 'Travel' });
    await createPost(t.database, travel);
    const refused = await t.admin
      .put(`/api/categories/${travel.id}`)
      .send({ name: 'Du lịch', slug: 'travel', language: 'vi' })
      .expect(409);
    expect(fieldsOf(refused.body.errors)).toEqual(['language']);
    await t.database.dataSource.query('DELETE FROM posts');
    await t.admin
      .put(`/api/categories/${travel.id}`)
      .send({ name: 'Du lịch', slug: 'du-lich', language: 'vi' })
      .expect(200);
    expect(
      (await categoriesTrpc.query(t.anonymous, 'redirect', { slug: 'travel' }).expect(200)).body.result.data,
    ).toEqual({ slug: 'du-lich', language: 'vi', path: '/vi/category/du-lich' });
  });
});
