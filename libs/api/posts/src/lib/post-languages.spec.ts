import { POST_STATUS, type Language } from '@blog/contracts';
import type { CategoryEntity } from '@blog/api/data';
import { DomainEvents, type DomainEvent } from '@blog/api/core';
import { createCategory, createPost, invalidInput, testJobsModule, trpcHttp, useTestApp } from '@blog/api/testing';
import { PostsModule } from './posts.module';
import { PostsRouter } from './posts.router';
import { TrashModule } from './trash/trash.module';

const postsTrpc = trpcHttp<PostsRouter['router']>('posts');
const fieldsOf = (errors: Array<{ field: string }> | undefined) => (errors ?? []).map((error) => error.field);

describe('posts in two languages (REST and tRPC)', () => {
  const t = useTestApp([testJobsModule(), PostsModule, TrashModule], {
    trpc: (nest) => ({ posts: nest.get(PostsRouter).router }),
    signIn: true,
  });
  let travel: CategoryEntity;
  let duLich: CategoryEntity;

  const query = (sql: string, params: unknown[] = []) => t.database.dataSource.query(sql, params);
  const get = (path: string) => t.anonymous.get(path);
  const slugsOf = (cards: Array<{ slug: string }>) => cards.map((card) => card.slug);
  const body = (changes: Record<string, unknown>) => ({
    category_id: travel.id,
    title: 'Hội An by bicycle',
    slug: 'hoi-an',
    content: '<p>Lanterns.</p>',
    meta_title: 'Hội An',
    ...changes,
  });
  /** A pair of versions: an English post and its Vietnamese translation, both published. */
  const pair = async (slug: string) => {
    const en = await createPost(t.database, travel, { slug, title: `${slug} in English` });
    const vi = await createPost(t.database, duLich, { slug, title: `${slug} bằng tiếng Việt`, language: 'vi' });
    await postsTrpc.mutation(t.admin, 'linkTranslation', { id: en.id, translation_id: vi.id }).expect(200);
    return { en, vi };
  };

  beforeAll(async () => {
    travel = await createCategory(t.database, { slug: 'travel', name: 'Travel' });
    duLich = await createCategory(t.database, { slug: 'du-lich', name: 'Du lịch', language: 'vi' });
  });

  afterEach(async () => {
    await query(`DELETE FROM posts`);
    await query(`DELETE FROM general_info`);
  });

  it('answers the default language without lang, only Vietnamese with lang=vi, the same slug at two addresses', async () => {
    const { en, vi } = await pair('ha-giang');
    const home = (await get('/api/homeData').expect(200)).body;
    expect(slugsOf(home.posts)).toEqual(['ha-giang']);
    expect(home.posts[0]).toMatchObject({ id: en.id, language: 'en' });
    expect((await get('/api/homeData?lang=vi').expect(200)).body.posts.map((card: { id: number }) => card.id)).toEqual([
      vi.id,
    ]);
    expect((await get('/api/gst-postsPagination/1?lang=vi').expect(200)).body).toMatchObject({ total: 1 });
    expect((await get('/api/randomPosts?lang=vi').expect(200)).body).toEqual([
      { id: vi.id, slug: 'ha-giang', title: vi.title },
    ]);

    const english = (await get('/api/homeData/ha-giang').expect(200)).body;
    const vietnamese = (await get('/api/homeData/ha-giang?lang=vi').expect(200)).body;
    expect(english).toMatchObject({ id: en.id, language: 'en' });
    expect(english.translations).toEqual([
      { id: vi.id, language: 'vi', slug: 'ha-giang', title: vi.title, path: '/vi/ha-giang' },
    ]);
    expect(vietnamese.translations).toEqual([
      { id: en.id, language: 'en', slug: 'ha-giang', title: en.title, path: '/ha-giang' },
    ]);
    // tRPC answers as REST.
    expect(
      (await postsTrpc.query(t.anonymous, 'bySlug', { slug: 'ha-giang', lang: 'vi' }).expect(200)).body.result.data,
    ).toEqual(vietnamese);

    const category = (await get('/api/gst-postsByCategory/du-lich/1?lang=vi').expect(200)).body;
    expect(category.category).toMatchObject({ slug: 'du-lich', language: 'vi', translations: [] });
    await get('/api/gst-postsByCategory/du-lich/1').expect(404);
  });

  it('refuses a lang that is no language (400) and one the site does not run (404), naming lang', async () => {
    for (const path of ['/api/homeData?lang=fr', '/api/randomPosts?lang=', '/api/searchPosts/x?lang=EN']) {
      expect(fieldsOf((await get(path).expect(400)).body.errors)).toEqual(['lang']);
    }
    expect(
      (await postsTrpc.query(t.anonymous, 'home', invalidInput({ lang: 'fr' })).expect(400)).body.error.data
        .fieldErrors,
    ).toEqual([expect.objectContaining({ field: 'lang' })]);
    await query(`INSERT INTO general_info (languages) VALUES ('{en}')`);
    expect(fieldsOf((await get('/api/homeData?lang=vi').expect(404)).body.errors)).toEqual(['lang']);
    await get('/api/homeData?lang=en').expect(200);
    // Nor may a post be written in it.
    const refused = await t.admin
      .post('/api/posts')
      .send(body({ language: 'vi', category_id: duLich.id }))
      .expect(400);
    expect(fieldsOf(refused.body.errors)).toEqual(['language']);
  });

  it('keeps a slug unique in its language only, and a post in a category of its language', async () => {
    await t.admin.post('/api/posts').send(body({})).expect(200);
    expect(fieldsOf((await t.admin.post('/api/posts').send(body({})).expect(409)).body.errors)).toEqual(['slug']);
    await t.admin
      .post('/api/posts')
      .send(body({ language: 'vi', category_id: duLich.id }))
      .expect(200);
    const mixed = await t.admin
      .post('/api/posts')
      .send(body({ slug: 'other', language: 'vi' }))
      .expect(400);
    expect(mixed.body.errors).toEqual([{ field: 'category_id', message: expect.stringContaining('English') }]);
  });

  it('announces the category a translation makes (category.created), as the categories’ own create does', async () => {
    const events: DomainEvent[] = [];
    t.app.get(DomainEvents).subscribe(async (event) => void events.push(event));
    const walks = await createCategory(t.database, { slug: 'walks', name: 'Walks' });
    const first = await createPost(t.database, walks, { slug: 'old-quarter', title: 'Old quarter' });
    const second = await createPost(t.database, walks, { slug: 'west-lake', title: 'West Lake' });
    const draft = (await t.admin.post(`/api/posts/${first.id}/translations`).send({ language: 'vi' }).expect(201)).body;
    const created = events.filter((event) => event.event === 'category.created');
    expect(created).toEqual([
      {
        event: 'category.created',
        data: expect.objectContaining({
          id: draft.category_id,
          language: 'vi',
          slug: 'walks',
          name: 'Walks',
          translations: [{ id: walks.id, language: 'en', slug: 'walks', title: 'Walks', path: '/category/walks' }],
        }),
      },
    ]);
    // The next translation finds the category made: nothing more is announced.
    await t.admin.post(`/api/posts/${second.id}/translations`).send({ language: 'vi' }).expect(201);
    expect(events.filter((event) => event.event === 'category.created')).toHaveLength(1);
  });

  it('translates a post into a linked draft, in its category’s translation (made when missing)', async () => {
    const source = await createPost(t.database, travel, { slug: 'mui-ne', title: 'Mũi Né', thumbnail_alt: 'Dunes' });
    const res = await t.admin.post(`/api/posts/${source.id}/translations`).send({ language: 'vi' }).expect(201);
    const draft = res.body;
    expect(draft).toMatchObject({
      language: 'vi',
      slug: 'mui-ne',
      title: 'Mũi Né',
      thumbnail_alt: 'Dunes',
      published_at: null,
      translations: [{ id: source.id, language: 'en', slug: 'mui-ne', title: 'Mũi Né', state: 'published' }],
    });
    const [category] = await query(`SELECT * FROM categories WHERE id = $1`, [draft.category_id]);
    expect(category).toMatchObject({ language: 'vi', slug: 'travel', name: 'Travel' });
    const [{ translation_group }] = await query(`SELECT translation_group FROM categories WHERE id = $1`, [travel.id]);
    expect(category.translation_group).toBe(translation_group);

    // The group has Vietnamese now; the post's own language is no translation.
    const again = await postsTrpc.mutation(t.admin, 'translate', { id: source.id, language: 'vi' }).expect(409);
    expect(again.body.error.data.fieldErrors).toEqual([expect.objectContaining({ field: 'language' })]);
    expect(
      fieldsOf((await t.admin.post(`/api/posts/${source.id}/translations`).send({ language: 'en' })).body.errors),
    ).toEqual(['language']);

    // A draft is no public translation.
    expect((await get('/api/homeData/mui-ne').expect(200)).body.translations).toEqual([]);
    await query(`DELETE FROM posts`);
    await query(`DELETE FROM categories WHERE id = $1`, [draft.category_id]);
  });

  it('links and unlinks versions, refusing two of one language (409 naming translation_id)', async () => {
    const { en, vi } = await pair('da-lat');
    const other = await createPost(t.database, travel, { slug: 'other' });
    const refused = await t.admin.put(`/api/posts/${other.id}/translations/${en.id}`).expect(409);
    expect(fieldsOf(refused.body.errors)).toEqual(['translation_id']);
    const viOther = await createPost(t.database, duLich, { slug: 'khac', language: 'vi' });
    expect(
      fieldsOf((await t.admin.put(`/api/posts/${viOther.id}/translations/${en.id}`).expect(409)).body.errors),
    ).toEqual(['translation_id']);

    const unlinked = await t.admin.delete(`/api/posts/${vi.id}/translations`).expect(200);
    expect(unlinked.body).toMatchObject({ id: vi.id, translations: [] });
    // The group of one left is dissolved.
    expect(await query(`SELECT translation_group FROM posts WHERE id = ANY($1)`, [[en.id, vi.id]])).toEqual([
      { translation_group: null },
      { translation_group: null },
    ]);
  });

  it('drops a translation at once when it is hidden, scheduled, drafted or trashed', async () => {
    const { en, vi } = await pair('sa-pa');
    const translationsOfEn = async () => (await get('/api/homeData/sa-pa').expect(200)).body.translations;
    expect(await translationsOfEn()).toHaveLength(1);
    for (const [column, value] of [
      ['status', POST_STATUS.hidden],
      ['published_at', new Date(Date.now() + 86_400_000)],
      ['published_at', null],
    ] as const) {
      const [before] = await query(`SELECT status, published_at FROM posts WHERE id = $1`, [vi.id]);
      await query(`UPDATE posts SET ${column} = $1 WHERE id = $2`, [value, vi.id]);
      expect(await translationsOfEn()).toEqual([]);
      await query(`UPDATE posts SET status = $1, published_at = $2 WHERE id = $3`, [
        before.status,
        before.published_at,
        vi.id,
      ]);
    }
    await t.admin.delete(`/api/posts/${vi.id}`).expect(200);
    expect(await translationsOfEn()).toEqual([]);
    // The owner still sees it, in the trash.
    expect((await t.admin.get(`/api/posts/${en.id}`).expect(200)).body.translations).toEqual([
      expect.objectContaining({ id: vi.id, state: 'trash' }),
    ]);
  });

  it('restores a trashed version linked again, or unlinked when its language’s place was taken meanwhile', async () => {
    const { en, vi } = await pair('hue');
    await t.admin.delete(`/api/posts/${vi.id}`).expect(200);
    await t.admin.post(`/api/trash/posts/${vi.id}/restore`).expect(200);
    expect((await get('/api/homeData/hue').expect(200)).body.translations).toHaveLength(1);

    await t.admin.delete(`/api/posts/${vi.id}`).expect(200);
    const taken = await t.admin.post(`/api/posts/${en.id}/translations`).send({ language: 'vi' }).expect(201);
    await t.admin.post(`/api/trash/posts/${vi.id}/restore`).expect(200);
    const [restored] = await query(`SELECT translation_group, slug FROM posts WHERE id = $1`, [vi.id]);
    expect(restored.translation_group).toBeNull();
    expect((await t.admin.get(`/api/posts/${en.id}`).expect(200)).body.translations).toEqual([
      expect.objectContaining({ id: taken.body.id }),
    ]);
    await query(`DELETE FROM categories WHERE id = $1`, [taken.body.category_id]).catch(() => undefined);
  });

  it('keeps old addresses per language, and leads an old one to the post after a change of language', async () => {
    const vi = await createPost(t.database, duLich, { slug: 'cu', language: 'vi' });
    await t.admin
      .put(`/api/posts/${vi.id}`)
      .send(body({ slug: 'moi', language: 'vi', category_id: duLich.id }))
      .expect(200);
    const redirect = (slug: string, lang?: Language) =>
      postsTrpc.query(t.anonymous, 'redirect', { slug, ...(lang && { lang }) });
    expect((await redirect('cu', 'vi').expect(200)).body.result.data).toEqual({
      slug: 'moi',
      language: 'vi',
      path: '/vi/moi',
    });
    await redirect('cu').expect(404);

    const en = await createPost(t.database, travel, { slug: 'english-first' });
    await t.admin
      .put(`/api/posts/${en.id}`)
      .send(body({ slug: 'nay-tieng-viet', language: 'vi', category_id: duLich.id }))
      .expect(200);
    expect((await redirect('english-first').expect(200)).body.result.data).toEqual({
      slug: 'nay-tieng-viet',
      language: 'vi',
      path: '/vi/nay-tieng-viet',
    });
  });

  it('finds English words by their stems, Vietnamese ones without their accents, each in its language', async () => {
    await createPost(t.database, travel, { slug: 'travel-light', title: 'How I travel light' });
    await createPost(t.database, duLich, { slug: 'di-nhe', title: 'Du lịch gọn nhẹ', language: 'vi' });
    expect(slugsOf((await get('/api/searchPosts/travelling').expect(200)).body)).toEqual(['travel-light']);
    expect(slugsOf((await get('/api/searchPosts/du%20lich?lang=vi').expect(200)).body)).toEqual(['di-nhe']);
    expect(slugsOf((await get('/api/searchPosts/du%20lich').expect(200)).body)).toEqual([]);
    expect(
      slugsOf((await postsTrpc.query(t.anonymous, 'search', { term: 'gọn', lang: 'vi' }).expect(200)).body.result.data),
    ).toEqual(['di-nhe']);
  });

  it('filters the admin list by language and by a missing translation, each row with its translations’ states', async () => {
    const { en, vi } = await pair('nha-trang');
    const alone = await createPost(t.database, travel, { slug: 'alone', status: POST_STATUS.hidden });
    const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id).sort((a, b) => a - b);
    expect(ids((await t.admin.get('/api/posts?language=vi').expect(200)).body)).toEqual([vi.id]);
    expect(ids((await t.admin.get('/api/posts?missing_translation=true').expect(200)).body)).toEqual([alone.id]);
    const page = (await postsTrpc.query(t.admin, 'adminList', { language: 'en' }).expect(200)).body.result.data;
    expect(page.rows.find((row: { id: number }) => row.id === en.id).translations).toEqual([
      { id: vi.id, language: 'vi', title: vi.title, slug: 'nha-trang', state: 'published' },
    ]);
    expect(fieldsOf((await t.admin.get('/api/posts?language=fr').expect(400)).body.errors)).toEqual(['language']);
  });
});
