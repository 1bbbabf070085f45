import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import express from 'express';
import request from 'supertest';
import { splitLanguagePath, type RenderedPage } from '@blog/contracts';
import { htmlContentSecurityPolicy } from '@blog/api/http';
import { visiblePostSql, visibleProjectSql, type CategoryEntity } from '@blog/api/data';
import { eventually } from '@blog/api/data/testing';
import {
  createCategory,
  createPost,
  createProject,
  createTestApp,
  createTestDatabase,
  testConfig,
  testJobsModule,
  type TestDatabase,
} from '@blog/api/testing';
import { PageCacheService } from './page-cache.service';
import { createNoncePlaceholder } from './page-renderer.loader';
import { PagesModule } from './pages.module';
import { publicPages } from './public-pages';

const contentSecurityPolicy = htmlContentSecurityPolicy({ siteUrl: 'http://127.0.0.1' });
/** The layout's words in each language, as the real layout says them. */
const HEADER = { en: 'Recent Posts', vi: 'Bài viết mới' };

/**
 * The record of `table` (`posts`, `projects`) of that slug in `language` the public may read, and its
 * translations it may read (by id); undefined when there is none.
 */
async function readVersions(
  database: TestDatabase,
  table: 'posts' | 'projects',
  visibleSql: (alias: string) => string,
  slug: string,
  language: string,
) {
  const [record] = (await database.dataSource.query(
    `SELECT record.id, record.title, record.updated_at, record.translation_group FROM ${table} record
      WHERE record.slug = $1 AND record.language = $2 AND ${visibleSql('record')}`,
    [slug, language],
  )) as Array<{ id: number; title: string; updated_at: Date; translation_group: string | null }>;
  if (!record) return undefined;
  const translations = (await database.dataSource.query(
    `SELECT record.id, record.title FROM ${table} record
      WHERE record.translation_group = $1 AND record.id <> $2 AND ${visibleSql('record')} ORDER BY record.id`,
    [record.translation_group, record.id],
  )) as Array<{ id: number; title: string }>;
  return { record, translations };
}

/**
 * A stand-in for the web's renderer that reads the real database as the post page does: the post of
 * the address's language (`/vi/…`, else the default, English) by its slug, 404 unless visible, with
 * the translations the public may read, whose ids are among the page's posts (as entry-server's
 * `postIdsOf` counts the `posts.bySlug` answer's `translations`); the header and footer, in the page's
 * language, are the layout's parts.
 */
function renderer(database: TestDatabase, rendered: string[]) {
  return async (url: string): Promise<RenderedPage> => {
    rendered.push(url);
    const { language: prefix, path } = splitLanguagePath(url.split('?')[0]);
    const language = prefix ?? 'en';
    if (path.startsWith(PROJECT_PATH)) return renderProject(database, language, path.slice(PROJECT_PATH.length));
    const found = await readVersions(database, 'posts', visiblePostSql, path.slice(1), language);
    if (!found) {
      return { status: 404, html: '<h1>Not found</h1>', procedures: ['posts.bySlug'], renderPasses: 1, postIds: [] };
    }
    const { record: post, translations } = found;
    const header = `<header>${HEADER[language as keyof typeof HEADER]}</header>`;
    const own = `<h1>${post.title}</h1><nav>${translations.map((one) => `<a>${one.title}</a>`).join('')}</nav>`;
    const footer = `<footer lang="${language}"></footer>`;
    return {
      status: 200,
      html: header + own + footer,
      procedures: ['posts.bySlug', 'siteInfo.list'],
      renderPasses: 1,
      postIds: translations.map((one) => one.id),
      post: { id: post.id, updatedAt: post.updated_at.toISOString() },
      layoutParts: [
        [0, header.length],
        [header.length + own.length, header.length + own.length + footer.length],
      ],
    };
  };
}

const PROJECT_PATH = '/portfolio/';

/**
 * A project page as the web renders it: the project of the page's language by its slug, 404 unless
 * visible, pointing at its translations the public may read; the page names them all among the
 * projects it shows (as entry-server's `projectIds` counts the `projects.bySlug` answer's
 * `translations`). Kept whole: only post pages are kept apart from the layout's parts.
 */
async function renderProject(database: TestDatabase, language: string, slug: string): Promise<RenderedPage> {
  const found = await readVersions(database, 'projects', visibleProjectSql, slug, language);
  if (!found) {
    return { status: 404, html: '<h1>Not found</h1>', procedures: ['projects.bySlug'], renderPasses: 1, postIds: [] };
  }
  const { record: project, translations } = found;
  return {
    status: 200,
    html: `<h1>${project.title}</h1><nav>${translations.map((one) => `<a>${one.title}</a>`).join('')}</nav>`,
    procedures: ['projects.bySlug'],
    renderPasses: 1,
    postIds: [],
    projectId: project.id,
    projectIds: [project.id, ...translations.map((one) => one.id)],
  };
}

/** One app instance with its page cache, the rendered-page store and the pages middleware. */
async function startInstance(database: TestDatabase, env: Record<string, string> = {}) {
  const nest: INestApplication = await createTestApp(database, [testJobsModule(), PagesModule.forRoot(database.url)], {
    config: testConfig({ PAGE_CACHE_SIZE: '100', ...env }),
  });
  const service = nest.get(PageCacheService);
  const store = service.useStore('language-build');
  const rendered: string[] = [];
  const web = express();
  web.use(
    publicPages({
      render: renderer(database, rendered),
      cache: service.cache,
      store,
      noncePlaceholder: createNoncePlaceholder(),
      contentSecurityPolicy,
    }),
  );
  await eventually(async () => expect(service.cache.enabled).toBe(true));
  return { web, cache: service.cache, store: store?.store, rendered, close: () => nest.close() };
}

type Instance = Awaited<ReturnType<typeof startInstance>>;

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
        expect(await instance.store?.read('/vi/ha-giang')).not.toBeNull();
        expect(await instance.store?.read('/ha-giang')).not.toBeNull();
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
    expect(['/vi/hoi-an', '/hoi-an'].map((key) => instance.store?.holds(key))).toEqual([true, true]);
    expect(['/vi/category/du-lich', '/vi/posts?page=2'].map((key) => instance.store?.holds(key))).toEqual([
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
    await eventually(async () => expect(await instance.store?.read(`/${slug}`)).not.toBeNull());
    expect((await request(instance.web).get(`/${slug}`).expect(200)).text).toContain(`<a>${slug} (vi)</a>`);

    await database.dataSource.query(
      `UPDATE posts SET ${change}, version = version + 1, updated_at = now() WHERE id = $1`,
      [ids.vi],
    );
    // Neither tier has it now: the memory cache's page is not served, nor the store's.
    expect(await instance.store?.read(`/${slug}`)).toBeNull();
    expect((await request(instance.web).get(`/${slug}`).expect(200)).text).not.toContain(`(vi)</a>`);
    instance.cache.clear();
    expect((await request(instance.web).get(`/${slug}`).expect(200)).text).not.toContain(`(vi)</a>`);
  });

  it('points at a translation published later at once: the page kept without it is not served', async () => {
    const ids = await story('phu-quoc');
    await database.dataSource.query(`UPDATE posts SET status = 1, version = version + 1 WHERE id = $1`, [ids.vi]);
    await getKept(instance, '/phu-quoc');
    await eventually(async () => expect(await instance.store?.read('/phu-quoc')).not.toBeNull());
    await database.dataSource.query(`UPDATE posts SET status = 0, version = version + 1 WHERE id = $1`, [ids.vi]);
    expect(await instance.store?.read('/phu-quoc')).toBeNull();
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
