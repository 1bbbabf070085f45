import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { CategoryEntity } from '@blog/api/data';
import { eventually } from '@blog/api/data/testing';
import { createCategory, createPost, createProject, createTestDatabase, type TestDatabase } from '@blog/api/testing';
import { HEADER, startPagesInstance, type PagesInstance as Instance } from '../testing/pages-instance';

/** One app instance whose post pages say the layout's words in their language, as its parts. */
const startInstance = (database: TestDatabase) =>
  startPagesInstance(database, { build: 'language-build', layout: true });

/** Gets `url` until the memory cache keeps it. */
async function getKept(instance: Instance, url: string): Promise<void> {
  await eventually(async () => {
    await request(instance.web).get(url).expect(200);
    expect(instance.cache.get(url)).toBeDefined();
  });
}

describe('public pages in two languages: layouts, the rendered-page store, translations that go', () => {
  let database: TestDatabase;
  let instance: Instance;
  let travel: CategoryEntity;
  let duLich: CategoryEntity;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.dataSource.query(`INSERT INTO general_info (default_language, languages) VALUES ('en', '{en,vi}')`);
    travel = await createCategory(database, { name: 'Travel', slug: 'travel' });
    duLich = await createCategory(database, { name: 'Du lịch', slug: 'du-lich', language: 'vi' });
    instance = await startInstance(database);
  });

  afterAll(async () => {
    await instance?.close();
    await database?.drop();
  });

  /** A story in English and in Vietnamese under one slug, linked; their ids. */
  const story = async (slug: string) => {
    const group = randomUUID();
    const en = await createPost(database, travel, { slug, title: `${slug} (en)`, translation_group: group });
    const vi = await createPost(database, duLich, {
      slug,
      title: `${slug} (vi)`,
      language: 'vi',
      translation_group: group,
    });
    return { en: en.id, vi: vi.id };
  };

  it('sends each language’s post pages with that language’s header and footer, from memory and from the store', async () => {
    await story('ha-giang');
    await getKept(instance, '/ha-giang');
    await getKept(instance, '/vi/ha-giang');
    for (let read = 0; read < 2; read += 1) {
      const english = (await request(instance.web).get('/ha-giang').expect(200)).text;
      const vietnamese = (await request(instance.web).get('/vi/ha-giang').expect(200)).text;
      expect(english).toContain(`<header>${HEADER.en}</header>`);
      expect(english).toContain('<footer lang="en">');
      expect(english).not.toContain(HEADER.vi);
      expect(vietnamese).toContain(`<header>${HEADER.vi}</header>`);
      expect(vietnamese).toContain('<footer lang="vi">');
      expect(vietnamese).not.toContain(HEADER.en);
      // The second time, from the store alone (both kept there, the memory cache emptied).
      instance.cache.clear();
      await eventually(async () => {
        expect(await instance.store?.store.read('/vi/ha-giang')).not.toBeNull();
        expect(await instance.store?.store.read('/ha-giang')).not.toBeNull();
      });
    }
  });

  it('keeps `/vi/{slug}` post pages in the store, each post at its own language’s address', async () => {
    const ids = await story('hoi-an');
    const keys = async () =>
      (
        await database.dataSource.query(`SELECT key FROM rendered_pages WHERE post_id = ANY($1) ORDER BY key`, [
          [ids.en, ids.vi],
        ])
      ).map((row: { key: string }) => row.key);
    await eventually(async () => expect(await keys()).toEqual(['/hoi-an', '/vi/hoi-an']), 20_000);
    expect(['/vi/hoi-an', '/hoi-an'].map((key) => instance.store?.store.holds(key))).toEqual([true, true]);
    expect(['/vi/category/du-lich', '/vi/posts?page=2'].map((key) => instance.store?.store.holds(key))).toEqual([
      false,
      false,
    ]);
  });

  it.each([
    ['hidden', 'status = 1'],
    ['scheduled', `published_at = now() + interval '1 day'`],
    ['a draft', 'published_at = NULL'],
    ['in the trash', 'deleted_at = now()'],
  ])('stops pointing at a translation %s at once: no page naming it is served', async (_state, change) => {
    const slug = `story-${_state.replace(/\W/g, '-')}`;
    const ids = await story(slug);
    await getKept(instance, `/${slug}`);
    await eventually(async () => expect(await instance.store?.store.read(`/${slug}`)).not.toBeNull());
    expect((await request(instance.web).get(`/${slug}`).expect(200)).text).toContain(`<a>${slug} (vi)</a>`);

    await database.dataSource.query(
      `UPDATE posts SET ${change}, version = version + 1, updated_at = now() WHERE id = $1`,
      [ids.vi],
    );
    // Neither tier has it now: the memory cache's page is not served, nor the store's.
    expect(await instance.store?.store.read(`/${slug}`)).toBeNull();
    expect((await request(instance.web).get(`/${slug}`).expect(200)).text).not.toContain(`(vi)</a>`);
    instance.cache.clear();
    expect((await request(instance.web).get(`/${slug}`).expect(200)).text).not.toContain(`(vi)</a>`);
  });

  it('points at a translation published later at once: the page kept without it is not served', async () => {
    const ids = await story('phu-quoc');
    await database.dataSource.query(`UPDATE posts SET status = 1, version = version + 1 WHERE id = $1`, [ids.vi]);
    await getKept(instance, '/phu-quoc');
    await eventually(async () => expect(await instance.store?.store.read('/phu-quoc')).not.toBeNull());
    await database.dataSource.query(`UPDATE posts SET status = 0, version = version + 1 WHERE id = $1`, [ids.vi]);
    expect(await instance.store?.store.read('/phu-quoc')).toBeNull();
    instance.cache.clear();
    expect((await request(instance.web).get('/phu-quoc').expect(200)).text).toContain('<a>phu-quoc (vi)</a>');
  });

  /** A project in English and in Vietnamese under one slug, linked; their ids. */
  const projectPair = async (slug: string) => {
    const group = randomUUID();
    const en = await createProject(database, { slug, title: `${slug} (en)`, translation_group: group });
    const vi = await createProject(database, {
      slug,
      title: `${slug} (vi)`,
      language: 'vi',
      translation_group: group,
    });
    return { en: en.id, vi: vi.id };
  };

  it.each([
    ['hidden', 'status = 1'],
    ['scheduled', `published_at = now() + interval '1 day'`],
    ['a draft', 'published_at = NULL'],
    ['in the trash', 'deleted_at = now()'],
  ])('stops pointing at a project’s translation %s at once, from either version’s page', async (state, change) => {
    const slug = `work-${state.replace(/\W/g, '-')}`;
    const ids = await projectPair(slug);
    const [english, vietnamese] = [`/portfolio/${slug}`, `/vi/portfolio/${slug}`];
    await getKept(instance, english);
    await getKept(instance, vietnamese);
    expect((await request(instance.web).get(english).expect(200)).text).toContain(`<a>${slug} (vi)</a>`);

    // The Vietnamese version goes: the English page no longer names it, and its own page is gone.
    await database.dataSource.query(`UPDATE projects SET ${change}, updated_at = now() WHERE id = $1`, [ids.vi]);
    expect((await request(instance.web).get(english).expect(200)).text).not.toContain(`(vi)</a>`);
    await request(instance.web).get(vietnamese).expect(404);

    // The other way round: the English version goes, the Vietnamese page (kept again) stops naming it.
    await database.dataSource.query(
      `UPDATE projects SET status = 0, published_at = now() - interval '1 day', deleted_at = NULL WHERE id = $1`,
      [ids.vi],
    );
    await getKept(instance, vietnamese);
    expect((await request(instance.web).get(vietnamese).expect(200)).text).toContain(`<a>${slug} (en)</a>`);
    await database.dataSource.query(`UPDATE projects SET ${change}, updated_at = now() WHERE id = $1`, [ids.en]);
    expect((await request(instance.web).get(vietnamese).expect(200)).text).not.toContain(`(en)</a>`);
  });

  it('renders `/vi/contact` with a private parameter for its visitor alone, as `/contact`', async () => {
    for (const url of ['/vi/contact?sent=1', '/vi/contact?service=web', '/vi/subscribe/confirm?token=abc']) {
      const answer = await request(instance.web).get(url);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
    expect(instance.cache.get('/vi/contact?sent=1')).toBeUndefined();
    expect(instance.cache.get('/vi/contact')).toBeUndefined();
  });
});
