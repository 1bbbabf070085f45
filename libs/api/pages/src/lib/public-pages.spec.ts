import type { INestApplication } from '@nestjs/common';
import express from 'express';
import request from 'supertest';
import type { RenderedPage } from '@blog/contracts';
import { SESSION_COOKIE } from '@blog/api/security';
import { htmlContentSecurityPolicy } from '@blog/api/http';
import { LISTENER_APPLICATION_NAME, SharedReads, visiblePostSql, visibleProjectSql } from '@blog/api/data';
import { eventually } from '@blog/api/data/testing';
import {
  createCategory,
  createPost,
  createProject,
  createTestApp,
  createTestDatabase,
  testConfig,
  type TestDatabase,
} from '@blog/api/testing';
import { PageCacheService } from './page-cache.service';
import { createNoncePlaceholder } from './page-renderer.loader';
import { PagesModule } from './pages.module';
import { chooseEncoding, publicPages } from './public-pages';

const contentSecurityPolicy = htmlContentSecurityPolicy({ siteUrl: 'http://127.0.0.1' });
/** The nonce of an answer's policy. */
const nonceOf = (res: { headers: Record<string, string> }) =>
  res.headers['content-security-policy'].match(/'nonce-([^']+)'/)?.[1];

/**
 * One app instance: the Nest app that owns the page cache and its database listener, and the
 * public-pages middleware in front of a stand-in for the web's renderer. The renderer reads the
 * real database, as the real one does through tRPC, and counts its renderings.
 */
async function startInstance(database: TestDatabase, env: Record<string, string> = {}) {
  const nest: INestApplication = await createTestApp(database, [PagesModule.forRoot(database.url)], {
    config: testConfig({ PAGE_CACHE_SIZE: '100', ...env }),
  });
  const { cache } = nest.get(PageCacheService);
  const rendered: string[] = [];
  /** Replaces the next renderings' result (a status, a pause). */
  let override: ((url: string) => Promise<RenderedPage>) | null = null;
  const render = async (url: string): Promise<RenderedPage> => {
    rendered.push(url);
    if (override) return override(url);
    if (url.startsWith('/portfolio')) {
      const projects = (await database.dataSource.query(
        `SELECT title FROM projects project WHERE ${visibleProjectSql('project')} ORDER BY id`,
      )) as Array<{ title: string }>;
      return {
        status: 200,
        html: `<p>projects: ${projects.map((row) => row.title).join(', ')}</p>`,
        procedures: ['projects.list', 'services.list', 'testimonials.list', 'siteInfo.list'],
        renderPasses: 1,
        postIds: [],
      };
    }
    if (url.startsWith('/about')) {
      const [about] = await database.dataSource.query(`SELECT count(*)::int AS n FROM about`);
      return {
        status: 200,
        html: `<p>about rows: ${about.n}</p>`,
        procedures: ['about.list', 'siteInfo.tags'],
        renderPasses: 1,
        postIds: [],
      };
    }
    const titles = (await database.dataSource.query(
      `SELECT title FROM posts post WHERE ${visiblePostSql('post')} ORDER BY id`,
    )) as Array<{
      title: string;
    }>;
    return {
      status: 200,
      html: `<h1>${titles.map((row) => row.title).join(', ')}</h1>`,
      procedures: ['posts.home', 'categories.links'],
      renderPasses: 1,
      postIds: [],
    };
  };
  const noncePlaceholder = createNoncePlaceholder();
  /** The addresses handed to the 404 log, with their referrer. */
  const notFound: Array<[string, string | undefined]> = [];
  const web = express();
  web.use(
    publicPages({
      render,
      cache,
      headers: { 'X-Content-Type-Options': 'nosniff' },
      noncePlaceholder,
      contentSecurityPolicy,
      onNotFound: (req) => notFound.push([req.originalUrl, req.headers.referer]),
    }),
  );
  web.use((_req, res) => res.status(418).send('not a page'));
  await eventually(async () => expect(cache.enabled).toBe(true));
  return {
    web,
    cache,
    sharedReads: nest.get(SharedReads),
    rendered,
    notFound,
    noncePlaceholder,
    setOverride: (next: typeof override) => (override = next),
    close: () => nest.close(),
  };
}

/**
 * Gets `url` until `instance` keeps it, then forgets the renderings it took: a change an earlier test
 * made may be announced during the first rendering, which is then rightly not kept.
 */
async function getKept(instance: Awaited<ReturnType<typeof startInstance>>, url: string): Promise<string> {
  let text = '';
  await eventually(async () => {
    text = (await request(instance.web).get(url).expect(200)).text;
    expect(instance.cache.get(url)).toBeDefined();
  });
  instance.rendered.length = 0;
  return text;
}

describe('public pages: cache, validators, invalidation on every instance', () => {
  let database: TestDatabase;
  let a: Awaited<ReturnType<typeof startInstance>>;
  let b: Awaited<ReturnType<typeof startInstance>>;
  let postId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    const category = await createCategory(database, { name: 'Story', slug: 'story' });
    postId = (await createPost(database, category, { title: 'Hà Giang' })).id;
    a = await startInstance(database);
    b = await startInstance(database);
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  beforeEach(() => {
    a.cache.clear();
    b.cache.clear();
    a.rendered.length = 0;
    b.rendered.length = 0;
    a.notFound.length = 0;
    a.setOverride(null);
    b.setOverride(null);
  });

  it('renders a page once for anonymous visitors, with an ETag that answers 304', async () => {
    const first = await request(a.web).get('/').expect(200);
    expect(first.text).toBe('<h1>Hà Giang</h1>');
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    const second = await request(a.web).get('/').expect(200);
    expect(second.headers['etag']).toBe(first.headers['etag']);
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(a.rendered).toEqual(['/']);

    await request(a.web).get('/').set('If-None-Match', first.headers['etag']).expect(304);
    await request(a.web).get('/').set('If-None-Match', `W/${first.headers['etag']}, "other"`).expect(304);
    await request(a.web).get('/').set('If-None-Match', '"stale"').expect(200);
    await request(a.web).head('/').expect(200);
    expect(a.rendered).toEqual(['/']);
  });

  it('sends the page compressed as the browser accepts it, in gzip (a nonce can be spliced in), rendered once', async () => {
    // supertest decompresses what it receives: a wrong encoding would fail to decode.
    const browser = await request(a.web)
      .get('/')
      .set('Accept-Encoding', 'gzip, deflate, br, zstd')
      .expect(200, '<h1>Hà Giang</h1>');
    expect(browser.headers['content-encoding']).toBe('gzip');
    expect(browser.headers['vary']).toBe('Accept-Encoding');
    const brOnly = await request(a.web).get('/').set('Accept-Encoding', 'br').expect(200, '<h1>Hà Giang</h1>');
    expect(brOnly.headers['content-encoding']).toBeUndefined();
    const identity = await request(a.web).get('/').set('Accept-Encoding', 'identity').expect(200, '<h1>Hà Giang</h1>');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(a.rendered).toEqual(['/']);
    const once = await request(a.web)
      .get('/')
      .set('Cookie', `${SESSION_COOKIE}=s%3Aabc`)
      .set('Accept-Encoding', 'br, gzip');
    expect(once.headers['content-encoding']).toBe('gzip');
  });

  it('gives each answer of a cached page a fresh nonce, in its policy and in every script and style, with one ETag and 304', async () => {
    const html = (placeholder: string) =>
      `<meta property="csp-nonce" nonce="${placeholder}"><style nonce="${placeholder}">h1{}</style>` +
      `<script type="module" src="/assets/a.js" nonce="${placeholder}"></script><h1>Hà Giang</h1>`;
    a.setOverride(async () => ({
      status: 200,
      html: html(a.noncePlaceholder),
      procedures: ['posts.home'],
      renderPasses: 1,
      postIds: [],
    }));
    const answers = [];
    for (const encoding of ['gzip', 'identity', 'gzip']) {
      const res = await request(a.web).get('/').set('Accept-Encoding', encoding).expect(200);
      const nonce = nonceOf(res);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(res.headers['content-security-policy']).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`);
      expect(res.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(res.text).toBe(html(nonce as string));
      answers.push(res);
    }
    expect(a.rendered).toEqual(['/']);
    expect(new Set(answers.map(nonceOf)).size).toBe(3);
    expect(new Set(answers.map((res) => res.headers['etag'])).size).toBe(1);
    // The placeholder itself is never sent.
    expect(answers.some((res) => res.text.includes(a.noncePlaceholder))).toBe(false);

    // A 304 carries no policy: the browser keeps its copy's, which matches the copy's nonce.
    const notModified = await request(a.web).get('/').set('If-None-Match', answers[0].headers['etag']).expect(304);
    expect(notModified.headers['content-security-policy']).toBeUndefined();
    // Both instances give the page the same ETag, though each has its own placeholder.
    b.setOverride(async () => ({
      status: 200,
      html: html(b.noncePlaceholder),
      procedures: ['posts.home'],
      renderPasses: 1,
      postIds: [],
    }));
    expect((await request(b.web).get('/').expect(200)).headers['etag']).toBe(answers[0].headers['etag']);
  });

  it('never gives a nonce to markup that reaches a page from its content', async () => {
    // The build's placeholder is public: text in a post could carry it. The renderer's is a secret.
    const injected = '<script nonce="csp-nonce-placeholder">alert(1)</script>';
    a.setOverride(async () => ({
      status: 200,
      html: injected,
      procedures: ['posts.bySlug'],
      renderPasses: 1,
      postIds: [],
    }));
    const res = await request(a.web).get('/a-post').expect(200);
    expect(res.text).toBe(injected);
    expect(res.text).not.toContain(nonceOf(res));
  });

  it('prefers brotli for what it keeps, gzip for what it sends once, and follows refusals', () => {
    const chrome = 'gzip, deflate, br, zstd';
    expect(chooseEncoding(chrome, ['br', 'gzip'])).toBe('br');
    expect(chooseEncoding(chrome, ['gzip', 'br'])).toBe('gzip');
    expect(chooseEncoding('gzip;q=1.0, br;q=0', ['br', 'gzip'])).toBe('gzip');
    expect(chooseEncoding('identity', ['br', 'gzip'])).toBe('identity');
    expect(chooseEncoding(undefined, ['br', 'gzip'])).toBe('identity');
    expect(chooseEncoding('*', ['br', 'gzip'])).toBe('br');
  });

  it('keeps one page per page number, whatever other parameters the address carries', async () => {
    await request(a.web).get('/posts?utm_source=zalo&page=2').expect(200);
    await request(a.web).get('/posts?page=2').expect(200);
    await request(a.web).get('/posts?page=3').expect(200);
    await request(a.web).get('//evil.example/x').expect(200);
    expect(a.rendered).toEqual(['/posts?page=2', '/posts?page=3', '//evil.example/x']);
  });

  it("keeps one page per portfolio filter, and drops the portfolio's pages when a project changes", async () => {
    await request(a.web).get('/portfolio?stack=react&utm_source=zalo').expect(200);
    await request(a.web).get('/portfolio?stack=react').expect(200);
    await request(a.web).get('/portfolio?service=websites').expect(200);
    const again = await request(a.web).get('/portfolio?service=websites').expect(200);
    expect(again.headers['cache-control']).toMatch(/^public/);
    await request(a.web).get('/portfolio').expect(200, '<p>projects: </p>');
    expect(a.rendered).toEqual(['/portfolio?stack=react', '/portfolio?service=websites', '/portfolio']);

    const [{ id }] = await database.dataSource.query(
      `INSERT INTO projects (title, slug, year_from, published_at) VALUES ('Homestay', 'homestay', 2024, now()) RETURNING id`,
    );
    try {
      await eventually(async () => {
        await request(a.web).get('/portfolio').expect(200, '<p>projects: Homestay</p>');
      });
    } finally {
      await database.dataSource.query(`DELETE FROM projects WHERE id = $1`, [id]);
    }
  });

  it("renders a page afresh with the comment form's way back (held by its token, or refused) or its reply link, and lets no one store it", async () => {
    const ways = [
      '/a-post?comment=held&token=c1-abc',
      '/a-post?comment_error=invalid&comment_fields=body',
      '/a-post?reply=3',
    ];
    await request(a.web).get('/a-post').expect(200);
    for (const way of ways) {
      for (let time = 0; time < 2; time++) {
        const answer = await request(a.web).get(way).expect(200);
        expect(answer.headers['cache-control']).toBe('private, no-store');
      }
    }
    await request(a.web).get('/a-post').expect(200);
    expect(a.rendered).toEqual(['/a-post', ...ways.flatMap((way) => [way, way])]);
  });

  it('renders afresh for a signed-in visitor, and lets no one store that answer', async () => {
    await request(a.web).get('/').expect(200);
    const signedIn = await request(a.web).get('/').set('Cookie', `theme=dark; ${SESSION_COOKIE}=s%3Aabc`).expect(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    await request(a.web).get('/').set('Cookie', `${SESSION_COOKIE}=s%3Aabc`).expect(200);
    expect(a.rendered).toEqual(['/', '/', '/']);
  });

  it('drops the pages of every instance that read a table when it changes, and only those', async () => {
    for (const instance of [a, b]) {
      await request(instance.web).get('/').expect(200, '<h1>Hà Giang</h1>');
      await request(instance.web).get('/about').expect(200);
    }
    // A write from anywhere (here neither instance): PostgreSQL notifies both.
    await database.dataSource.query(`UPDATE posts SET title = 'Hà Giang loop' WHERE id = $1`, [postId]);
    for (const instance of [a, b]) {
      await eventually(async () => {
        await request(instance.web).get('/').expect(200, '<h1>Hà Giang loop</h1>');
      });
      await request(instance.web).get('/about').expect(200);
      // The About page read no post: it was not rendered again.
      expect(instance.rendered.filter((url) => url === '/about')).toHaveLength(1);
    }

    await database.dataSource.query(`INSERT INTO about (content) VALUES ('<p>Hi</p>')`);
    await eventually(async () => {
      await request(b.web).get('/about').expect(200, '<p>about rows: 1</p>');
    });
  });

  it("renders again only the commented post's page and the lists with its card when a comment is shown there", async () => {
    const category = await createCategory(database, { name: 'Lessons', slug: 'lessons' });
    const other = (await createPost(database, category, { title: 'Lesson two' })).id;
    // The post pages read their thread; the list shows both posts' cards (and counts).
    const pages: Record<string, Pick<RenderedPage, 'procedures' | 'postIds'>> = {
      '/lesson-one': { procedures: ['posts.bySlug', 'comments.list'], postIds: [postId] },
      '/lesson-two': { procedures: ['posts.bySlug', 'comments.list'], postIds: [other] },
      '/posts': { procedures: ['posts.list'], postIds: [postId, other] },
    };
    try {
      a.setOverride(async (url) => ({ status: 200, html: `<p>${url}</p>`, renderPasses: 1, ...pages[url] }));
      for (const url of Object.keys(pages)) await getKept(a, url);
      await database.dataSource.query(
        `INSERT INTO comments (post_id, author_name, author_email, body, state) VALUES ($1, 'Lan', 'lan@example.com', 'Hi', 'approved')`,
        [postId],
      );
      await eventually(async () => {
        expect([...a.rendered].sort()).toEqual(['/lesson-one', '/posts']);
        expect(a.cache.pendingRefreshes).toBe(0);
      });
      expect(a.cache.stale('/lesson-two')).toBe(false);
      // A held comment changes no page.
      await database.dataSource.query(
        `INSERT INTO comments (post_id, author_name, author_email, body) VALUES ($1, 'Lan', 'lan@example.com', 'Hi')`,
        [other],
      );
      await a.cache.heardAll();
      expect(a.cache.stale('/lesson-two')).toBe(false);
      expect([...a.rendered].sort()).toEqual(['/lesson-one', '/posts']);
    } finally {
      // The other tests' stand-in lists every visible post.
      await database.dataSource.query(`DELETE FROM comments`);
      await database.dataSource.query(`DELETE FROM posts WHERE id = $1`, [other]);
    }
  });

  it("renders again only the commented project's page when a comment is shown under it, not a post's", async () => {
    const [project] = await database.dataSource.query<Array<{ id: number }>>(
      `INSERT INTO projects (title, slug, year_from) VALUES ('Homestay', 'homestay-comments', 2025) RETURNING id`,
    );
    const pages: Record<string, Pick<RenderedPage, 'procedures' | 'postIds' | 'projectId'>> = {
      '/portfolio/homestay-comments': {
        procedures: ['projects.bySlug', 'comments.list'],
        postIds: [],
        projectId: project.id,
      },
      '/lesson-one': { procedures: ['posts.bySlug', 'comments.list'], postIds: [postId] },
    };
    try {
      a.setOverride(async (url) => ({ status: 200, html: `<p>${url}</p>`, renderPasses: 1, ...pages[url] }));
      for (const url of Object.keys(pages)) await getKept(a, url);
      // A comment shown under the post leaves the project's page as it is.
      await database.dataSource.query(
        `INSERT INTO comments (post_id, author_name, author_email, body, state) VALUES ($1, 'Lan', 'lan@example.com', 'Hi', 'approved')`,
        [postId],
      );
      await eventually(async () => expect(a.rendered).toEqual(['/lesson-one']));
      await a.cache.heardAll();
      expect(a.cache.stale('/portfolio/homestay-comments')).toBe(false);
      await database.dataSource.query(
        `INSERT INTO comments (project_id, author_name, author_email, body, state) VALUES ($1, 'Lan', 'lan@example.com', 'Hi', 'approved')`,
        [project.id],
      );
      await eventually(async () => expect(a.rendered).toEqual(['/lesson-one', '/portfolio/homestay-comments']));
      expect(a.cache.stale('/lesson-one')).toBe(false);
    } finally {
      await database.dataSource.query(`DELETE FROM comments`);
      await database.dataSource.query(`DELETE FROM projects WHERE id = $1`, [project.id]);
    }
  });

  it('shows a scheduled post on every instance at its time, though no write announces that moment', async () => {
    const category = await createCategory(database, { name: 'Poem', slug: 'poem' });
    // Scheduled two seconds ahead on the database's clock: the insert itself drops the cached pages.
    const post = await createPost(database, category, { title: 'Đà Lạt at dawn' });
    await database.dataSource.query(
      `UPDATE posts SET published_at = clock_timestamp() + interval '2 seconds' WHERE id = $1`,
      [post.id],
    );
    try {
      for (const instance of [a, b]) {
        await eventually(async () => {
          const res = await request(instance.web).get('/').expect(200);
          expect(res.text).not.toContain('Đà Lạt');
          // Kept: the next answer comes from the cache.
          const rendered = instance.rendered.length;
          await request(instance.web).get('/').expect(200);
          expect(instance.rendered).toHaveLength(rendered);
        });
      }
      for (const instance of [a, b]) {
        await eventually(async () => {
          expect((await request(instance.web).get('/').expect(200)).text).toContain('Đà Lạt at dawn');
        });
      }
    } finally {
      await database.dataSource.query(`DELETE FROM posts WHERE id = $1`, [post.id]);
    }
  });

  it('shows a scheduled project on every instance at its time, though no write announces that moment', async () => {
    const [project] = await database.dataSource.query(
      `INSERT INTO projects (title, slug, year_from, published_at)
       VALUES ('Homestay Hà Giang', 'homestay', 2025, clock_timestamp() + interval '2 seconds') RETURNING id`,
    );
    try {
      for (const instance of [a, b]) {
        await eventually(async () => {
          const res = await request(instance.web).get('/portfolio').expect(200);
          expect(res.text).not.toContain('Homestay');
          // Kept: the next answer comes from the cache.
          const rendered = instance.rendered.length;
          await request(instance.web).get('/portfolio').expect(200);
          expect(instance.rendered).toHaveLength(rendered);
        });
      }
      for (const instance of [a, b]) {
        await eventually(async () => {
          expect((await request(instance.web).get('/portfolio').expect(200)).text).toContain('Homestay Hà Giang');
        });
      }
    } finally {
      await database.dataSource.query(`DELETE FROM projects WHERE id = $1`, [project.id]);
    }
  });

  it('serves the stale page while its new version renders in the background, then swaps it in: no visitor waits', async () => {
    const before = await getKept(a, '/');
    let release!: () => void;
    a.setOverride(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { status: 200, html: '<h1>new</h1>', procedures: ['posts.home'], renderPasses: 1, postIds: [] };
    });
    await database.dataSource.query(`UPDATE posts SET updated_at = now() WHERE id = $1`, [postId]);
    // The change reached the cache, which started rendering the page again on its own.
    await eventually(async () => expect(a.rendered).toEqual(['/']));
    expect(a.cache.pendingRefreshes).toBe(1);
    // Meanwhile visitors get the page as it was, at once, rendered by nobody for them.
    await request(a.web).get('/').expect(200, before);
    expect(a.rendered).toHaveLength(1);
    release();
    await eventually(async () => {
      await request(a.web).get('/').expect(200, '<h1>new</h1>');
    });
    expect(a.rendered).toHaveLength(1);
    expect(a.cache.pendingRefreshes).toBe(0);
  });

  it('drops a stale page whose new rendering is no longer one to keep (a post gone: 404)', async () => {
    await getKept(a, '/gone');
    a.setOverride(async () => ({
      status: 404,
      html: '<h1>NotFound</h1>',
      procedures: ['posts.bySlug'],
      renderPasses: 1,
      postIds: [],
    }));
    await database.dataSource.query(`UPDATE posts SET updated_at = now() WHERE id = $1`, [postId]);
    await eventually(async () => expect(a.cache.size).toBe(0));
    await request(a.web).get('/gone').expect(404, '<h1>NotFound</h1>');
    expect(a.rendered).toEqual(['/gone', '/gone']);
  });

  it("keeps the layout's shared reads until a table they read changes, on every instance", async () => {
    const loads = { a: 0, b: 0 };
    const read = (name: 'a' | 'b') =>
      (name === 'a' ? a : b).sharedReads.read('test.links', ['categories'], async () => ++loads[name]);
    expect([await read('a'), await read('a'), await read('b'), await read('b')]).toEqual([1, 1, 1, 1]);
    // A change to another table leaves them.
    const generation = a.cache.generation;
    await database.dataSource.query(`UPDATE posts SET updated_at = now() WHERE id = $1`, [postId]);
    await eventually(async () => expect(a.cache.generation).toBeGreaterThan(generation));
    expect(await read('a')).toBe(1);
    await database.dataSource.query(`UPDATE categories SET name = name`);
    await eventually(async () => {
      expect(await read('a')).toBe(2);
      expect(await read('b')).toBe(2);
    });
  });

  it('does not keep a page whose rendering overlapped a change', async () => {
    let release!: () => void;
    a.setOverride(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { status: 200, html: '<h1>old</h1>', procedures: ['posts.home'], renderPasses: 1, postIds: [] };
    });
    const pending = request(a.web)
      .get('/')
      .then((res) => res);
    await eventually(async () => expect(a.rendered).toHaveLength(1));
    await database.dataSource.query(`UPDATE posts SET updated_at = now() WHERE id = $1`, [postId]);
    await eventually(async () => expect(a.cache.generation).toBeGreaterThan(0));
    const generationBefore = a.cache.generation;
    await database.dataSource.query(`UPDATE posts SET updated_at = now() WHERE id = $1`, [postId]);
    await eventually(async () => expect(a.cache.generation).toBeGreaterThan(generationBefore));
    release();
    expect((await pending).text).toBe('<h1>old</h1>');
    a.setOverride(null);
    await request(a.web).get('/').expect(200, '<h1>Hà Giang loop</h1>');
    expect(a.rendered).toHaveLength(2);
  });

  it('answers 301 and 404 as rendered, keeps the redirect, never a 404 nor a failure; tells the 404 log of each 404', async () => {
    a.setOverride(async (url) =>
      url === '/old-slug'
        ? {
            status: 301,
            location: '/new-slug',
            html: '',
            procedures: ['posts.bySlug', 'posts.redirect'],
            renderPasses: 2,
            postIds: [],
          }
        : url === '/broken'
          ? { status: 503, html: '<p>try again</p>', procedures: ['posts.bySlug'], renderPasses: 1, postIds: [] }
          : {
              status: 404,
              html: '<h1>NotFound</h1>',
              procedures: ['posts.bySlug', 'posts.redirect'],
              renderPasses: 2,
              postIds: [],
            },
    );
    const moved = await request(a.web).get('/old-slug').expect(301);
    expect(moved.headers['location']).toBe('/new-slug');
    expect(moved.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    await request(a.web).get('/old-slug').expect(301);
    await request(a.web).get('/nope').expect(404, '<h1>NotFound</h1>');
    await request(a.web).get('/nope?x=1').set('Referer', 'https://example.com/a').expect(404);
    const failed = await request(a.web).get('/broken').expect(503);
    expect(failed.headers['retry-after']).toBe('5');
    expect(failed.headers['cache-control']).toBe('no-store');
    await request(a.web).get('/broken').expect(503);
    expect(a.rendered).toEqual(['/old-slug', '/nope', '/nope', '/broken', '/broken']);
    expect(a.notFound).toEqual([
      ['/nope', undefined],
      ['/nope?x=1', 'https://example.com/a'],
    ]);
  });

  it('leaves the API, the files, the feeds and the admin to what comes after it', async () => {
    for (const path of [
      '/api/homeData',
      '/trpc/posts.home',
      '/uploads/a.png',
      '/assets/x.js',
      '/rss.xml',
      '/portfolio/rss.xml',
      '/admin/dashboard',
      '/login',
    ]) {
      await request(a.web).get(path).expect(418);
    }
    await request(a.web).post('/').expect(418);
    expect(a.rendered).toEqual([]);
  });

  it('keeps pages up to PAGE_CACHE_BYTES, the least recently used out, each answered alike in every encoding', async () => {
    // Each page of this stand-in weighs a little over 2 kB as kept (mostly the estimate of what describes it): room for two, not three.
    const small = await startInstance(database, { PAGE_CACHE_BYTES: '5000' });
    try {
      const urls = ['/', '/about', '/posts?page=2'];
      const texts: string[] = [];
      for (const url of urls.slice(0, 2)) texts.push(await getKept(small, url));
      await getKept(small, urls[2]);
      expect(small.cache.size).toBe(2);
      expect(small.cache.get('/')).toBeUndefined();
      expect(small.cache.bytes).toBeLessThanOrEqual(5000);
      // '/' rendered again; '/about' is now the least recently used and goes.
      await getKept(small, '/');
      expect(small.cache.get('/about')).toBeUndefined();
      for (const encoding of ['gzip', 'identity']) {
        const res = await request(small.web).get('/').set('Accept-Encoding', encoding).expect(200);
        expect(res.text).toBe(texts[0]);
        expect(res.headers['content-encoding']).toBe(encoding === 'gzip' ? 'gzip' : undefined);
      }
      expect(small.rendered).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('caches nothing while it cannot hear about changes, and again once it listens again', async () => {
    await getKept(a, '/');
    expect(a.cache.size).toBe(1);
    const generation = a.cache.generation;
    // The listening connections are cut (a database restart, a network blip).
    const [{ cut }] = await database.dataSource.query(
      `SELECT count(pg_terminate_backend(pid))::int AS cut FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = $1`,
      [LISTENER_APPLICATION_NAME],
    );
    expect(cut).toBe(2);
    await eventually(async () => {
      expect(a.cache.generation).toBeGreaterThan(generation);
      expect(a.cache.enabled && b.cache.enabled).toBe(true);
    });
    // What was cached before the cut may have missed a change: it is gone.
    await request(a.web).get('/').expect(200);
    expect(a.rendered).toEqual(['/']);
  });
});
