import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { RenderedPage } from '@blog/contracts';
import type { CategoryEntity } from '@blog/api/data';
import { PageCacheService, RENDER_AHEAD_JOB } from '@blog/api/pages';
import {
  createCategory,
  createPost,
  createTestDatabase,
  eventually,
  testConfig,
  type TestDatabase,
} from '@blog/api/testing';
import { createApp } from './create-app';

jest.setTimeout(120_000);

const INDEX_HTML =
  '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';

interface Card {
  id: number;
  slug: string;
  title: string;
}
type Caller = Record<string, Record<string, (input?: object) => Promise<unknown>>>;

/** What each instance's stand-in rendered, by instance (in the order the apps start). */
const renderings: string[][] = [];

/**
 * A stand-in for the web's server entry (an ES module Jest does not load): it reads through the app's
 * tRPC router in-process as the real one does, and lays a post page out as the real one does: the
 * layout's parts (favicon, header, sidebar, footer, and the queries they read last in the page's
 * state) named by their place in the page (`RenderedPage.layoutParts`; `apps/web/src/entry-server.spec.tsx`
 * checks the real one's).
 */
jest.mock('@blog/api/pages', () => ({
  ...jest.requireActual('@blog/api/pages'),
  loadPageRenderer: async ({ router }: { router: { createCaller(ctx: object): Caller } }) => {
    const rendered: string[] = [];
    renderings.push(rendered);
    return async (url: string): Promise<RenderedPage> => {
      rendered.push(url);
      const trpc = router.createCaller({});
      const list = (cards: Card[]) => cards.map((card) => `<li id="post-${card.id}">${card.title}</li>`).join('');
      const page = (html: string, procedures: string[], cards: Card[]): RenderedPage => ({
        status: 200,
        html,
        procedures,
        renderPasses: 1,
        postIds: cards.map((card) => card.id),
      });
      const path = url.split('?')[0];
      if (path === '/') {
        const { posts } = (await trpc.posts.home()) as { posts: Card[] };
        return page(`<ul>${list(posts)}</ul>`, ['posts.home'], posts);
      }
      if (path === '/posts') {
        const { posts } = (await trpc.posts.page({ page: 1 })) as { posts: Card[] };
        return page(`<ul>${list(posts)}</ul>`, ['posts.page'], posts);
      }
      if (path.startsWith('/category/')) {
        const { posts } = (await trpc.posts.byCategory({ slug: path.slice(10), page: 1 })) as { posts: Card[] };
        return page(`<ul>${list(posts)}</ul>`, ['posts.byCategory'], posts);
      }
      const slug = path.slice(1);
      const post = (await trpc.posts.bySlug({ slug }).catch(() => null)) as
        (Card & { updated_at: string; category_name: string }) | null;
      if (!post)
        return { status: 404, html: '<h1>NotFound</h1>', procedures: ['posts.bySlug'], renderPasses: 1, postIds: [] };
      const related = (await trpc.posts.related({ slug })) as Card[];
      const recent = (await trpc.posts.recent()) as Card[];
      const categories = (await trpc.categories.links()) as Array<{ slug: string; name: string }>;
      const [info] = (await trpc.siteInfo.list()) as Array<{
        logo_1_url: string | null;
        favicon_url: string | null;
        site_name: string;
        author_name: string;
      }>;
      const menu = categories.map((category) => `<a href="/category/${category.slug}">${category.name}</a>`).join('');
      const parts = [
        `<link rel="icon" href="${info?.favicon_url ?? '/favicon.ico'}"/>`,
        `<header class="site-header"><img src="${info?.logo_1_url ?? ''}"/>${menu}</header>`,
        `<aside class="sidebar">${menu}<ul>${list(recent)}</ul></aside>`,
        `<footer class="site-footer">©</footer>`,
        JSON.stringify([categories, info, recent]),
      ];
      // The post's own part shows the site's identity, its category's name and the related posts too.
      const own = [
        `<head><title>${post.title} | ${info.site_name}</title>`,
        `</head><body>`,
        `<nav class="breadcrumb">${post.category_name}</nav>` +
          `<article><h1>${post.title}</h1><p class="byline">By ${info.author_name}</p><ul>${list(related)}</ul></article>`,
        '',
        `<script id="page-state">{"queries":[],"layoutQueries":`,
        `}</script></body>`,
      ];
      const layoutParts: Array<[number, number]> = [];
      let html = own[0];
      parts.forEach((part, index) => {
        layoutParts.push([html.length, html.length + part.length]);
        html += part + own[index + 1];
      });
      return {
        ...page(
          html,
          ['categories.links', 'posts.bySlug', 'posts.recent', 'posts.related', 'siteInfo.list'],
          [post, ...related],
        ),
        post: { id: post.id, updatedAt: post.updated_at },
        layoutParts,
      };
    };
  },
}));

/** Two instances of the whole server over one database, each with its page cache and the rendered-page store. */
describe('pages after a change, on every instance (two servers, one database)', () => {
  let database: TestDatabase;
  let category: CategoryEntity;
  const apps: NestExpressApplication[] = [];
  const dirs: string[] = [];
  const get = (app: NestExpressApplication, url: string) => request(app.getHttpServer()).get(url);

  beforeAll(async () => {
    database = await createTestDatabase();
    category = await createCategory(database, { name: 'Story', slug: 'story' });
    await database.dataSource.query(
      `INSERT INTO general_info (logo_1, favicon) VALUES ('old-logo.png', 'old-icon.ico')`,
    );
    const webDir = mkdtempSync(join(tmpdir(), 'blog-pages-web-'));
    writeFileSync(join(webDir, 'index.html'), INDEX_HTML);
    dirs.push(webDir);
    for (let index = 0; index < 2; index += 1) {
      const app = await createApp(testConfig({ PAGE_CACHE_SIZE: '100' }), database.url, {
        webDir,
        serverDir: webDir,
        logger: false,
      });
      apps.push(app);
      await eventually(async () => expect(app.get(PageCacheService).cache.enabled).toBe(true));
    }
  });

  afterAll(async () => {
    await Promise.allSettled(apps.map((app) => app.close()));
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Reads `url` on `app` until its memory cache keeps it (a rendering overlapping a change is not kept). */
  async function readUntilKept(app: NestExpressApplication, url: string): Promise<void> {
    await eventually(async () => {
      await get(app, url).expect(200);
      expect(app.get(PageCacheService).cache.get(url)).toBeDefined();
    });
  }

  describe('a removed post is never served, nor listed, from before its removal', () => {
    it.each([
      ['hidden', `UPDATE posts SET status = 1 WHERE id = $1`],
      ['trashed', `UPDATE posts SET deleted_at = now() WHERE id = $1`],
      ['deleted', `DELETE FROM posts WHERE id = $1`],
      ['unpublished', `UPDATE posts SET published_at = NULL WHERE id = $1`],
      ['rescheduled', `UPDATE posts SET published_at = now() + interval '1 day' WHERE id = $1`],
    ])('%s: 404 and unlisted at once on both instances', async (name, removal) => {
      const slug = `${name}-post`;
      const own = await createCategory(database, { name, slug: name });
      const post = await createPost(database, own, { title: `The ${name} post`, slug });
      // Another post that lists it among its related posts, kept in the store and in memory.
      await createPost(database, own, { title: `Beside the ${name} post`, slug: `beside-${slug}` });
      const pages = [`/${slug}`, `/beside-${slug}`, '/', '/posts?page=1', `/category/${name}`];
      for (const app of apps) {
        for (const url of pages) await readUntilKept(app, url);
        for (const url of ['/sitemap.xml', '/rss.xml'])
          expect((await get(app, url).expect(200)).text).toContain(`/${slug}<`);
      }
      expect((await get(apps[0], `/beside-${slug}`)).text).toContain(`id="post-${post.id}"`);

      await database.dataSource.query(removal, [post.id]);

      for (const app of apps) {
        await get(app, `/${slug}`).expect(404);
        for (const url of pages.slice(1)) {
          expect((await get(app, url).expect(200)).text).not.toContain(`id="post-${post.id}"`);
        }
        for (const url of ['/sitemap.xml', '/rss.xml'])
          expect((await get(app, url).expect(200)).text).not.toContain(`/${slug}<`);
      }
    });
  });

  describe("a change of the layout's shared parts reaches every post page at once", () => {
    it('sends the new logo, favicon and categories with post pages kept before the change, on both instances, without rendering each', async () => {
      const posts = [];
      for (const slug of ['first-visit', 'second-visit', 'third-visit']) {
        posts.push(await createPost(database, category, { title: slug, slug }));
      }
      // Rendered into the store before the change, then forgotten by the memory caches: first visits.
      for (const post of posts) await get(apps[0], `/${post.slug}`).expect(200);
      for (const post of posts) {
        await eventually(async () => {
          const [row] = await database.dataSource.query(
            `SELECT page.post_version = post.version AS current FROM rendered_pages page
               JOIN posts post ON post.id = page.post_id WHERE page.key = $1`,
            [`/${post.slug}`],
          );
          expect(row?.current).toBe(true);
        });
      }
      // No walk of the posts (rendering ahead) left to render them meanwhile.
      await eventually(async () => {
        for (const app of apps) expect(app.get(PageCacheService).useStore('')?.prerenderer.scheduled).toBe(false);
        const [{ count }] = await database.dataSource.query(
          `SELECT count(*)::int AS count FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
          [RENDER_AHEAD_JOB],
        );
        expect(count).toBe(0);
      }, 20_000);
      await database.dataSource.query(`UPDATE general_info SET logo_1 = 'new-logo.png', favicon = 'new-icon.ico'`);
      await createCategory(database, { name: 'Food', slug: 'food' });
      for (const app of apps) app.get(PageCacheService).cache.clear();
      renderings.forEach((rendered) => (rendered.length = 0));

      for (const [index, app] of apps.entries()) {
        for (const post of posts) {
          const { text } = await get(app, `/${post.slug}`).expect(200);
          expect(text).toContain('<img src="/uploads/new-logo.png"/>');
          expect(text).toContain('<link rel="icon" href="/uploads/new-icon.ico"/>');
          expect(text.match(/href="\/category\/food"/g)).toHaveLength(2);
          // The state the page hydrates from is the new one too.
          expect(text).toContain('"logo_1_url":"/uploads/new-logo.png"');
          expect(text).not.toContain('old-logo');
        }
        // One rendering brought the layout's parts up to date; the other pages came from the store.
        expect(renderings[index]).toHaveLength(1);
      }
    });
  });

  describe("a change of what a post page's own part shows from other records reaches it at once", () => {
    beforeAll(async () => {
      const poems = await createCategory(database, { name: 'Poems', slug: 'poems' });
      for (const [title, slug] of [
        ['Autumn', 'autumn'],
        ['Winter', 'winter'],
        // Among the others' related posts.
        ['Spring', 'spring'],
      ]) {
        await createPost(database, poems, { title, slug });
      }
    });

    it.each([
      [
        'the site and author renamed',
        `UPDATE general_info SET site_name = 'Tea Notes', author_name = 'Lan'`,
        ['| Tea Notes</title>', 'By Lan<'],
      ],
      ['its category renamed', `UPDATE categories SET name = 'Verses' WHERE slug = 'poems'`, ['>Verses</nav>']],
      [
        'a related post retitled',
        `UPDATE posts SET title = 'Early spring', version = version + 1 WHERE slug = 'spring'`,
        ['>Early spring</li>'],
      ],
    ])('%s: the next read of a page kept before shows it, on both instances', async (_name, change, shown) => {
      // Kept in both memory caches and in the store, showing what is about to change.
      for (const app of apps) for (const url of ['/spring', '/autumn', '/winter']) await readUntilKept(app, url);
      await eventually(async () => {
        const rows = await database.dataSource.query(
          `SELECT 1 FROM rendered_pages WHERE key IN ('/autumn', '/winter')`,
        );
        expect(rows).toHaveLength(2);
      });

      await database.dataSource.query(change);
      for (const app of apps) {
        const { cache } = app.get(PageCacheService);
        await cache.heardAll();
        // Winter is not in memory any more (a first visit, or one past the bound on serving a stale page).
        cache.remove('/winter');
      }
      renderings.forEach((rendered) => (rendered.length = 0));

      for (const app of apps) {
        // Another post page first: its rendering brings the layout's parts up to date.
        await get(app, '/spring').expect(200);
        // Autumn from memory (stale), Winter from the store.
        for (const url of ['/autumn', '/winter']) {
          const { text } = await get(app, url).expect(200);
          for (const part of shown) expect(text).toContain(part);
        }
      }
      // Winter rendered again once, by the first instance; the other read that rendering from the store.
      expect(renderings.map((rendered) => rendered.filter((url) => url === '/winter'))).toEqual([['/winter'], []]);
    });
  });
});
