import request from 'supertest';
import type { RenderedPage } from '@blog/contracts';
import type { CategoryEntity } from '@blog/api/data';
import { eventually } from '@blog/api/data/testing';
import { createCategory, createPost, createTestDatabase, type TestDatabase } from '@blog/api/testing';
import {
  postPageRenderer as renderer,
  startPagesInstance,
  STYLESHEET,
  type PagesInstance as Instance,
} from '../testing/pages-instance';
import { storedPage } from './page-cache';
import { RENDER_AHEAD_JOB } from './post-page-prerenderer';
import { createNoncePlaceholder } from './page-renderer.loader';
import { RenderedPageStore } from './rendered-page-store';

/** One app instance with its page cache, the rendered-page store of `build`, and the pages middleware. */
const startInstance = (database: TestDatabase, build: string, env: Record<string, string> = {}) =>
  startPagesInstance(database, { build, env });

const storedKeys = async (database: TestDatabase): Promise<string[]> =>
  (await database.dataSource.query(`SELECT key FROM rendered_pages ORDER BY key`)).map(
    (row: { key: string }) => row.key,
  );

/** Waits until no instance has a walk to queue, and none is queued or running. */
const walksDone = (database: TestDatabase, ...instances: Instance[]) =>
  eventually(async () => {
    expect(instances.map((instance) => instance.store?.prerenderer.scheduled)).not.toContain(true);
    const [{ count }] = await database.dataSource.query(
      `SELECT count(*)::int AS count FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
      [RENDER_AHEAD_JOB],
    );
    expect(count).toBe(0);
  }, 20_000);

/** A clock tick: what happens next is at a later millisecond. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A save as the services make it: a new version, written now. */
const savePost = (database: TestDatabase, id: number, set: string) =>
  database.dataSource.query(`UPDATE posts SET ${set}, version = version + 1, updated_at = now() WHERE id = $1`, [id]);

describe('rendered-page store: post pages in PostgreSQL, rendered ahead of crawlers', () => {
  let database: TestDatabase;
  let category: CategoryEntity;

  beforeAll(async () => {
    database = await createTestDatabase();
    category = await createCategory(database, { name: 'Travel', slug: 'travel' });
  });

  afterAll(async () => {
    await database?.drop();
  });

  describe('the store', () => {
    const noncePlaceholder = createNoncePlaceholder();
    /** A store as an instance starting now has it; a page rendered in its first millisecond counts as stale. */
    const store = async () => {
      const pages = new RenderedPageStore(database.dataSource, 'store-build', () => null);
      await tick();
      return pages;
    };
    const renderNow = async (url: string) => {
      const renderedAt = Date.now();
      const rendered = await renderer(database, noncePlaceholder, [])(url);
      return { rendered, page: storedPage(rendered, noncePlaceholder), renderedAt };
    };
    const keep = async (pages: RenderedPageStore, url: string) => {
      const { rendered, page, renderedAt } = await renderNow(url);
      await pages.write(url, page, rendered.post as NonNullable<RenderedPage['post']>, renderedAt);
      return page;
    };

    afterEach(() => database.dataSource.query(`DELETE FROM rendered_pages`));

    it('gives back the page it kept: the same ETag and bytes, a fresh nonce in each answer', async () => {
      const post = await createPost(database, category, { title: 'Đà Lạt', slug: 'da-lat' });
      const pages = await store();
      const page = await keep(pages, '/da-lat');
      const hit = await pages.read('/da-lat');
      expect(hit?.stale).toBe(false);
      expect(hit?.page.etag).toBe(page.etag);
      expect(hit?.page.body('identity', 'n1').toString()).toBe(page.body('identity', 'n1').toString());
      expect(hit?.page.body('gzip', 'n2').equals(page.body('gzip', 'n2'))).toBe(true);
      expect([...(hit?.page.tables ?? [])].sort()).toEqual([...page.tables].sort());
      // The stylesheet is named, not copied, in the row.
      const [row] = await database.dataSource.query(`SELECT length(body) AS size, post_id FROM rendered_pages`);
      expect(row).toEqual({ size: expect.any(Number), post_id: post.id });
      expect(row.size).toBeLessThan(STYLESHEET.length / 4);
    });

    it('never gives a page whose post changed, is hidden, in the trash, or was rendered by another build', async () => {
      const post = await createPost(database, category, { title: 'Huế', slug: 'hue' });
      const pages = await store();
      await keep(pages, '/hue');
      expect(await pages.read('/hue')).not.toBeNull();
      expect(await new RenderedPageStore(database.dataSource, 'another-build', () => null).read('/hue')).toBeNull();

      await savePost(database, post.id, `title = 'Huế mộng mơ'`);
      expect(await pages.read('/hue')).toBeNull();
      await keep(pages, '/hue');
      expect((await pages.read('/hue'))?.page.body('identity', 'n').toString()).toContain('Huế mộng mơ');

      await savePost(database, post.id, 'status = 1');
      expect(await pages.read('/hue')).toBeNull();
      await database.dataSource.query(`UPDATE posts SET status = 0, deleted_at = now() WHERE id = $1`, [post.id]);
      expect(await pages.read('/hue')).toBeNull();
      await database.dataSource.query(`UPDATE posts SET deleted_at = NULL WHERE id = $1`, [post.id]);
      // Deleted forever: its page goes with it.
      await database.dataSource.query(`DELETE FROM posts WHERE id = $1`, [post.id]);
      expect(await storedKeys(database)).toEqual([]);
    });

    it('does not keep a rendering of a post that changed while it rendered', async () => {
      const post = await createPost(database, category, { title: 'Sa Pa', slug: 'sa-pa' });
      const pages = await store();
      const { rendered, page, renderedAt } = await renderNow('/sa-pa');
      await savePost(database, post.id, `title = 'Sa Pa in the fog'`);
      await pages.write('/sa-pa', page, rendered.post as NonNullable<RenderedPage['post']>, renderedAt);
      expect(await storedKeys(database)).toEqual([]);
    });

    it('marks a page stale after a change of another table it read, until it is rendered again', async () => {
      await createPost(database, category, { title: 'Mũi Né', slug: 'mui-ne' });
      const pages = await store();
      await keep(pages, '/mui-ne');
      pages.markChanged('about');
      expect((await pages.read('/mui-ne'))?.stale).toBe(false);
      await tick();
      pages.markChanged('categories');
      expect((await pages.read('/mui-ne'))?.stale).toBe(true);
      await tick();
      await keep(pages, '/mui-ne');
      expect((await pages.read('/mui-ne'))?.stale).toBe(false);
      // Another instance that started after the rendering heard of no change since.
      await tick();
      expect((await (await store()).read('/mui-ne'))?.stale).toBe(true);
    });

    it('never gives a page whose thread changed since (a comment shown, edited or trashed), nor one of another post', async () => {
      const post = await createPost(database, category, { title: 'Phong Nha', slug: 'phong-nha' });
      await createPost(database, category, { title: 'Quy Nhơn', slug: 'quy-nhon' });
      const pages = await store();
      await keep(pages, '/phong-nha');
      await keep(pages, '/quy-nhon');
      const comment = (state: string) =>
        database.dataSource.query(
          `INSERT INTO comments (post_id, author_name, author_email, body, state) VALUES ($1, 'Lan', 'lan@example.com', 'Hi', $2) RETURNING id`,
          [post.id, state],
        );
      // Held: nothing shown changed.
      await comment('pending');
      expect(await pages.read('/phong-nha')).not.toBeNull();
      const [{ id }] = await comment('approved');
      expect(await pages.read('/phong-nha')).toBeNull();
      expect(await pages.read('/quy-nhon')).not.toBeNull();
      await keep(pages, '/phong-nha');
      expect(await pages.read('/phong-nha')).not.toBeNull();
      await database.dataSource.query(`UPDATE comments SET body = 'Hello', updated_at = now() WHERE id = $1`, [id]);
      expect(await pages.read('/phong-nha')).toBeNull();
      await keep(pages, '/phong-nha');
      await database.dataSource.query(`UPDATE comments SET state = 'trash', updated_at = now() WHERE id = $1`, [id]);
      expect(await pages.read('/phong-nha')).toBeNull();
      expect(await pages.read('/quy-nhon')).not.toBeNull();
    });

    it("keeps one page per post (a new slug's page replaces the old one's), and post addresses only", async () => {
      const post = await createPost(database, category, { title: 'Hội An', slug: 'hoi-an' });
      const pages = await store();
      await keep(pages, '/hoi-an');
      await savePost(database, post.id, `slug = 'hoi-an-old-town'`);
      await keep(pages, '/hoi-an-old-town');
      expect(await storedKeys(database)).toEqual(['/hoi-an-old-town']);
      expect(['/hoi-an', '/a-post'].map((key) => pages.holds(key))).toEqual([true, true]);
      expect(['/', '/posts?page=2', '/category/travel', '/a/b'].map((key) => pages.holds(key))).toEqual([
        false,
        false,
        false,
        false,
      ]);
    });
  });

  describe('rendering ahead, and serving from the store', () => {
    let a: Instance;
    let b: Instance;
    const visible: string[] = [];

    beforeAll(async () => {
      await database.dataSource.query(`DELETE FROM posts`);
      for (const [index, slug] of ['ninh-binh', 'ha-long', 'cat-ba'].entries()) {
        await createPost(database, category, { title: `Trip ${index}`, slug });
        visible.push(`/${slug}`);
      }
      await createPost(database, category, { slug: 'hidden-trip', status: 1 });
      await createPost(database, category, { slug: 'coming-trip', published_at: new Date(Date.now() + 86_400_000) });
      await createPost(database, category, { slug: 'trashed-trip', deleted_at: new Date() });
      await database.dataSource.query(`INSERT INTO rendered_pages
        SELECT '/old-build-page', 'old-build', id, version, now(), '{posts}', '"x"', '\\x01', '{}', '' FROM posts LIMIT 1`);
      a = await startInstance(database, 'build-1');
      b = await startInstance(database, 'build-1');
    });

    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    it('renders every visible post once, on one instance, and drops the pages of other builds', async () => {
      await eventually(async () => expect(await storedKeys(database)).toEqual([...visible].sort()), 20_000);
      await walksDone(database, a, b);
      const renderings = [...a.rendered, ...b.rendered];
      expect(renderings.sort()).toEqual([...visible].sort());
    });

    it('serves a post page from the store to a visitor the memory cache has not seen, without rendering it', async () => {
      await walksDone(database, a, b);
      b.cache.clear();
      b.rendered.length = 0;
      const answer = await request(b.web).get('/ha-long').expect(200);
      expect(answer.text).toContain('<h1>Trip 1</h1>');
      const nonce = answer.headers['content-security-policy'].match(/'nonce-([^']+)'/)?.[1];
      expect(answer.text).toContain(`<script nonce="${nonce}">`);
      expect(answer.text).toContain(STYLESHEET);
      expect(b.rendered).toEqual([]);
      // A crawler's single visit is not kept in memory; a second read is, and costs no database read after.
      expect(b.cache.get('/ha-long')).toBeUndefined();
      await request(b.web).get('/ha-long').expect(200);
      expect(b.cache.get('/ha-long')?.etag).toBe(answer.headers['etag']);
      expect(b.rendered).toEqual([]);
      // The same page a rendering gives.
      b.cache.clear();
      await request(b.web).get('/ha-long').set('Cookie', 'blog.sid=signed-in').expect(200);
      expect(b.rendered).toEqual(['/ha-long']);
    });

    it('renders a saved post ahead again, and never serves its old page meanwhile', async () => {
      const [{ id }] = await database.dataSource.query(`SELECT id FROM posts WHERE slug = 'cat-ba'`);
      await savePost(database, id, `title = 'Cát Bà by boat'`);
      a.cache.clear();
      expect((await request(a.web).get('/cat-ba').expect(200)).text).toContain('Cát Bà by boat');
      await eventually(async () => {
        const [row] = await database.dataSource.query(
          `SELECT page.post_version = post.version AS current FROM rendered_pages page JOIN posts post ON post.id = page.post_id
            WHERE page.key = '/cat-ba'`,
        );
        expect(row?.current).toBe(true);
      }, 20_000);
      await walksDone(database, a, b);
      b.cache.clear();
      b.rendered.length = 0;
      expect((await request(b.web).get('/cat-ba').expect(200)).text).toContain('Cát Bà by boat');
      expect(b.rendered).toEqual([]);
    });

    it('serves a page stale by another change of a table it read at once, renders it again once read twice', async () => {
      await walksDone(database, a, b);
      // A category added: the page reads the categories' links, but shows none of them in its own part.
      await createCategory(database, { name: 'Food', slug: 'food' });
      // Both instances heard it: the walk a change to posts would start is not what renders it.
      await eventually(async () => expect((await a.store?.store.read('/ninh-binh'))?.stale).toBe(true));
      a.cache.clear();
      a.rendered.length = 0;
      // Served as it is; read once only (a crawler), it is not rendered again.
      await request(a.web).get('/ninh-binh').expect(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(a.rendered).not.toContain('/ninh-binh');
      // Read again: served stale once more, and rendered again in the background.
      await request(a.web).get('/ninh-binh').expect(200);
      await eventually(async () => expect(a.rendered).toContain('/ninh-binh'));
      await eventually(async () => expect((await a.store?.store.read('/ninh-binh'))?.stale).toBe(false));
    });

    it("serves nothing from the store once its post's category is renamed: the next read shows the new name", async () => {
      await walksDone(database, a, b);
      await database.dataSource.query(`UPDATE categories SET name = 'Journeys' WHERE id = $1`, [category.id]);
      expect(await a.store?.store.read('/ninh-binh')).toBeNull();
      a.cache.clear();
      expect((await request(a.web).get('/ninh-binh').expect(200)).text).toContain('<p>Journeys</p>');
      // Kept again with the new name: the other instance reads it from the store.
      await eventually(async () => expect(await b.store?.store.read('/ninh-binh')).not.toBeNull());
    });

    it('serves nothing from the store for a post hidden since, and stores no other page', async () => {
      await walksDone(database, a, b);
      const [{ id }] = await database.dataSource.query(`SELECT id FROM posts WHERE slug = 'ha-long'`);
      await savePost(database, id, 'status = 1');
      a.cache.clear();
      await request(a.web).get('/ha-long').expect(404);
      await request(a.web).get('/hidden-trip').expect(404);
      await walksDone(database, a, b);
      expect(await storedKeys(database)).not.toContain('/hidden-trip');
    });
  });

  it('keeps nothing with PAGE_STORE=false', async () => {
    await database.dataSource.query(`DELETE FROM rendered_pages`);
    const off = await startInstance(database, 'build-off', { PAGE_STORE: 'false' });
    try {
      expect(off.store).toBeNull();
      await request(off.web).get('/ninh-binh').expect(200);
      expect(await storedKeys(database)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
