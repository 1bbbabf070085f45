import { JSDOM } from 'jsdom';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { POST_STATUS } from '@blog/contracts';
import { CategoryEntity, ContentChangesListener, PostEntity, SharedReads } from '@blog/api/data';
import {
  createCategory,
  createPost,
  createProject,
  eventually,
  TEST_SITE_URL,
  testConfig,
  useTestApp,
  type TestDatabase,
} from '@blog/api/testing';
import { SitemapModule } from './sitemap.module';
import { SitemapRouter } from './sitemap.router';
import { SitemapService } from './sitemap.service';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
const day = (n: number) => new Date(Date.UTC(2025, 0, n, 12));

interface UrlEntry {
  loc: string;
  lastmod: string;
}

/** The <url> entries of a sitemap, in document order. */
function parseUrls(xml: string): UrlEntry[] {
  const blocks = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1]);
  return blocks.map((block) => {
    const locs = [...block.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    const lastmods = [...block.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((match) => match[1]);
    expect(locs).toHaveLength(1);
    expect(lastmods).toHaveLength(1);
    return { loc: locs[0], lastmod: lastmods[0] };
  });
}

/** As the page cache does in the app: the sitemap's files are kept while changes are heard. */
async function keepSharedReads(t: { app: INestApplication; database: TestDatabase }): Promise<ContentChangesListener> {
  const shared = t.app.get(SharedReads);
  const listener = new ContentChangesListener(t.database.url, {
    onChange: (table) => shared.invalidate(table),
    onListening: (listening) => shared.setListening(listening),
  });
  await listener.start();
  return listener;
}

const latest = (...dates: Date[]) => new Date(Math.max(...dates.map((date) => date.getTime())));

describe('sitemap (REST and tRPC)', () => {
  const t = useTestApp([SitemapModule]);
  const trpc = t.caller(SitemapRouter);
  let categories: CategoryEntity[];
  let visiblePosts: PostEntity[];
  let hiddenPost: PostEntity;
  /** Per category slug: the lastmod the sitemap must give it. */
  let categoryLastmod: Map<string, Date>;

  const getSitemap = () => request(t.app.getHttpServer()).get('/api/sitemap');

  async function setCategoryUpdatedAt(category: CategoryEntity, date: Date): Promise<CategoryEntity> {
    await t.database.dataSource.query('UPDATE categories SET updated_at = $1 WHERE id = $2', [date, category.id]);
    return t.database.dataSource.getRepository(CategoryEntity).findOneByOrFail({ id: category.id });
  }

  beforeAll(async () => {
    // story: its posts changed after the category itself.
    const story = await setCategoryUpdatedAt(
      await createCategory(t.database, { slug: 'story', name: 'Story' }),
      day(1),
    );
    // poem: the category was renamed after its last post.
    const poem = await setCategoryUpdatedAt(await createCategory(t.database, { slug: 'poem', name: 'Poem' }), day(25));
    // seo: no posts at all.
    const seo = await setCategoryUpdatedAt(await createCategory(t.database, { slug: 'seo', name: 'SEO' }), day(3));
    // wordpress: only a hidden post, which must not count.
    const wordpress = await setCategoryUpdatedAt(
      await createCategory(t.database, { slug: 'wordpress', name: 'WordPress' }),
      day(4),
    );
    categories = [story, poem, seo, wordpress];

    visiblePosts = [
      await createPost(t.database, story, { slug: 'ha-giang-loop', updatedAt: day(5), thumbnail: 'ha giang.jpg' }),
      await createPost(t.database, story, { slug: 'hoi-an-week', updatedAt: day(12), thumbnail: 'hoi-an.webp' }),
      await createPost(t.database, poem, { slug: 'rain-over-sai-gon', updatedAt: day(8) }),
      await createPost(t.database, poem, { slug: 'tet-away-from-home', updatedAt: day(2) }),
    ];
    hiddenPost = await createPost(t.database, story, {
      slug: 'secret-draft',
      status: POST_STATUS.hidden,
      thumbnail: 'secret-draft.png',
      updatedAt: day(30),
    });
    await createPost(t.database, wordpress, {
      slug: 'hidden-wordpress-draft',
      status: POST_STATUS.hidden,
      updatedAt: day(31),
    });
    // In the trash, and newer than all: never listed, and no category's lastmod.
    await createPost(t.database, story, { slug: 'trashed-story', updatedAt: day(32), deleted_at: day(33) });

    categoryLastmod = new Map(
      categories.map((category) => [
        category.slug,
        latest(
          category.updated_at,
          ...visiblePosts.filter((post) => post.category_id === category.id).map((post) => post.updated_at),
        ),
      ]),
    );
  });

  it('answers 200 with an XML urlset', async () => {
    const res = await getSitemap().expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml\b/);
    expect(res.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.text).toMatch(
      /<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:image="http:\/\/www\.google\.com\/schemas\/sitemap-image\/1\.1">/,
    );
    expect(res.text.trim().endsWith('</urlset>')).toBe(true);
  });

  it('lists exactly the static pages, every category and every visible post', async () => {
    const urls = parseUrls((await getSitemap().expect(200)).text);
    const expected = [
      `${TEST_SITE_URL}/`,
      `${TEST_SITE_URL}/posts`,
      `${TEST_SITE_URL}/about`,
      `${TEST_SITE_URL}/contact`,
      `${TEST_SITE_URL}/portfolio`,
      `${TEST_SITE_URL}/services`,
      ...categories.map((category) => `${TEST_SITE_URL}/category/${category.slug}`),
      ...visiblePosts.map((post) => `${TEST_SITE_URL}/${post.slug}`),
    ];
    expect(urls.map((url) => url.loc).sort()).toEqual([...expected].sort());
    expect(new Set(urls.map((url) => url.loc)).size).toBe(urls.length);
  });

  it('never lists a hidden post', async () => {
    const text = (await getSitemap().expect(200)).text;
    expect(text).not.toContain(hiddenPost.slug);
    expect(text).not.toContain('hidden-wordpress-draft');
  });

  it('never lists a post in the trash', async () => {
    expect((await getSitemap().expect(200)).text).not.toContain('trashed-story');
  });

  it('gives every URL an ISO 8601 lastmod', async () => {
    const urls = parseUrls((await getSitemap().expect(200)).text);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(url.lastmod).toMatch(ISO_DATE);
      expect(new Date(url.lastmod).toISOString()).toBe(url.lastmod);
    }
  });

  it('never lists a draft nor a post still to be published, and dates a post published after its last change by its publication', async () => {
    const [story] = categories;
    const extra = [
      await createPost(t.database, story, { slug: 'draft-in-progress', published_at: null }),
      await createPost(t.database, story, { slug: 'coming-tomorrow', published_at: new Date(Date.now() + 86_400_000) }),
      await createPost(t.database, story, { slug: 'just-published', updatedAt: day(3), published_at: day(40) }),
    ];
    try {
      const urls = parseUrls((await getSitemap().expect(200)).text);
      const locs = urls.map((url) => url.loc);
      expect(locs).not.toContain(`${TEST_SITE_URL}/draft-in-progress`);
      expect(locs).not.toContain(`${TEST_SITE_URL}/coming-tomorrow`);
      expect(urls.find((url) => url.loc === `${TEST_SITE_URL}/just-published`)?.lastmod).toBe(day(40).toISOString());
    } finally {
      await t.database.dataSource.getRepository(PostEntity).delete(extra.map((post) => post.id));
    }
  });

  it('dates a post by its updated_at', async () => {
    const lastmods = new Map(parseUrls((await getSitemap().expect(200)).text).map((url) => [url.loc, url.lastmod]));
    for (const post of visiblePosts) {
      expect(lastmods.get(`${TEST_SITE_URL}/${post.slug}`)).toBe(post.updated_at.toISOString());
    }
  });

  it('dates a category by the latest of its own updated_at and its visible posts', async () => {
    const lastmods = new Map(parseUrls((await getSitemap().expect(200)).text).map((url) => [url.loc, url.lastmod]));
    for (const category of categories) {
      expect(lastmods.get(`${TEST_SITE_URL}/category/${category.slug}`)).toBe(
        categoryLastmod.get(category.slug)?.toISOString(),
      );
    }
    // The cases the fixtures were built for: a newer post wins over the category, a newer
    // category wins over its posts, and hidden posts never count.
    const byLoc = (slug: string) => lastmods.get(`${TEST_SITE_URL}/category/${slug}`);
    const story = categories[0];
    const hoiAn = visiblePosts[1];
    expect(hoiAn.updated_at.getTime()).toBeGreaterThan(story.updated_at.getTime());
    expect(byLoc('story')).toBe(hoiAn.updated_at.toISOString());
    expect(byLoc('poem')).toBe(categories[1].updated_at.toISOString());
    expect(byLoc('seo')).toBe(categories[2].updated_at.toISOString());
    expect(byLoc('wordpress')).toBe(categories[3].updated_at.toISOString());
  });

  it('answers the same text through tRPC sitemap.xml', async () => {
    const res = await getSitemap().expect(200);
    expect(await trpc.xml()).toBe(res.text);
  });

  it('gives each post with a thumbnail an image entry with its absolute URL, never a hidden one', async () => {
    const xml = (await getSitemap().expect(200)).text;
    const document = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    const imagesOf = new Map(
      [...document.getElementsByTagNameNS(SITEMAP_NS, 'url')].map((url) => [
        url.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0].textContent,
        [...url.getElementsByTagNameNS(IMAGE_NS, 'image')].map(
          (image) => image.getElementsByTagNameNS(IMAGE_NS, 'loc')[0].textContent,
        ),
      ]),
    );
    expect(imagesOf.get(`${TEST_SITE_URL}/ha-giang-loop`)).toEqual([`${TEST_SITE_URL}/uploads/ha%20giang.jpg`]);
    expect(imagesOf.get(`${TEST_SITE_URL}/hoi-an-week`)).toEqual([`${TEST_SITE_URL}/uploads/hoi-an.webp`]);
    expect(imagesOf.get(`${TEST_SITE_URL}/rain-over-sai-gon`)).toEqual([]);
    expect(imagesOf.get(`${TEST_SITE_URL}/`)).toEqual([]);
    expect(xml).not.toContain('secret-draft.png');
  });

  describe('GET /sitemap.xml, at the site root', () => {
    it('answers the same sitemap as /api/sitemap, cacheable for five minutes', async () => {
      const res = await request(t.app.getHttpServer()).get('/sitemap.xml').expect(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.text).toBe((await getSitemap().expect(200)).text);
      expect(res.text).not.toContain('secret-draft');
    });

    it('is served only at the root: not under /api', async () => {
      await request(t.app.getHttpServer()).get('/api/sitemap.xml').expect(404);
      await request(t.app.getHttpServer()).get('/sitemap').expect(404);
    });
  });
});

/** The <sitemap> entries of a sitemap index, in document order. */
function parseIndex(xml: string): UrlEntry[] {
  expect(xml).toContain(`<sitemapindex xmlns="${SITEMAP_NS}">`);
  return [...xml.matchAll(/<sitemap>\s*<loc>([^<]*)<\/loc>\s*<lastmod>([^<]*)<\/lastmod>\s*<\/sitemap>/g)].map(
    (match) => ({ loc: match[1], lastmod: match[2] }),
  );
}

describe('sitemap index, above SITEMAP_URLS_PER_FILE URLs (3 here)', () => {
  const t = useTestApp([SitemapModule], { config: () => testConfig({ SITEMAP_URLS_PER_FILE: '3' }) });
  const get = (path: string) => request(t.app.getHttpServer()).get(path);
  let posts: PostEntity[];
  let listener: ContentChangesListener;

  beforeAll(async () => {
    const story = await createCategory(t.database, { slug: 'story', name: 'Story' });
    const poem = await createCategory(t.database, { slug: 'poem', name: 'Poem' });
    await t.database.dataSource.query('UPDATE categories SET updated_at = $1', [day(1)]);
    posts = [];
    for (let n = 1; n <= 7; n += 1) {
      posts.push(await createPost(t.database, n % 2 ? story : poem, { slug: `post-${n}`, updatedAt: day(10 - n) }));
      // A hidden post between them: in no file, and no gap in the files either.
      if (n === 2) await createPost(t.database, story, { slug: 'hidden', status: POST_STATUS.hidden });
    }
    listener = await keepSharedReads(t);
  });

  afterAll(() => listener?.stop());

  it('makes /sitemap.xml an index of the pages and of the posts, 3 a file, each with the lastmod of its URLs', async () => {
    const res = await get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    // Posts 1..7, oldest first, 3 a file; post n was last changed on day 10 - n.
    expect(parseIndex(res.text)).toEqual([
      { loc: `${TEST_SITE_URL}/sitemap-pages.xml`, lastmod: day(9).toISOString() },
      { loc: `${TEST_SITE_URL}/sitemap-posts-1.xml`, lastmod: day(9).toISOString() },
      { loc: `${TEST_SITE_URL}/sitemap-posts-2.xml`, lastmod: day(6).toISOString() },
      { loc: `${TEST_SITE_URL}/sitemap-posts-3.xml`, lastmod: day(3).toISOString() },
    ]);
    const robots = await get('/robots.txt').expect(200);
    expect(robots.text).toContain(`Sitemap: ${TEST_SITE_URL}/sitemap.xml`);
  });

  it('lists in its files exactly the URLs of the one sitemap, with the same lastmod', async () => {
    const pages = parseUrls((await get('/sitemap-pages.xml').expect(200)).text);
    expect(pages.map((entry) => entry.loc)).toEqual(
      ['/', '/posts', '/about', '/contact', '/category/story', '/category/poem', '/portfolio', '/services'].map(
        (path) => TEST_SITE_URL + path,
      ),
    );
    const files = [];
    for (const file of [1, 2, 3]) {
      const res = await get(`/sitemap-posts-${file}.xml`).expect(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      files.push(parseUrls(res.text));
    }
    expect(files.map((urls) => urls.map((entry) => entry.loc.slice(TEST_SITE_URL.length)))).toEqual([
      ['/post-1', '/post-2', '/post-3'],
      ['/post-4', '/post-5', '/post-6'],
      ['/post-7'],
    ]);
    const whole = parseUrls((await request(t.app.getHttpServer()).get('/api/sitemap').expect(200)).text);
    const byLoc = (entries: UrlEntry[]) => [...entries].sort((x, y) => x.loc.localeCompare(y.loc));
    expect(byLoc([...pages, ...files.flat()])).toEqual(byLoc(whole));
  });

  it('answers 404 for a file past the last or an address that names none, and leaves /api alone', async () => {
    for (const path of [
      '/sitemap-posts-4.xml',
      '/sitemap-posts-0.xml',
      '/sitemap-posts-01.xml',
      '/sitemap-posts-x.xml',
    ]) {
      const res = await get(path).expect(404);
      // The API's JSON error, as any other 404 of it.
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    await get('/api/sitemap-posts-1.xml').expect(404);
    await get('/api/sitemap-pages.xml').expect(404);
  });

  it('keeps the files until posts change on any instance, then serves them anew', async () => {
    const before = (await get('/sitemap.xml').expect(200)).text;
    const lookups = jest.spyOn(t.app.get(SitemapService) as unknown as { postsFiles(): unknown }, 'postsFiles');
    try {
      // Read by the tests before, and kept since: no lookup.
      await get('/sitemap.xml').expect(200, before);
      await get('/sitemap-posts-3.xml').expect(200);
      expect(lookups).not.toHaveBeenCalled();
      // Three more posts: a fourth file, and the third one full.
      const story = await t.database.dataSource.getRepository(CategoryEntity).findOneByOrFail({ slug: 'story' });
      for (const n of [8, 9, 10]) await createPost(t.database, story, { slug: `post-${n}`, updatedAt: day(20 + n) });
      await eventually(async () => {
        const index = parseIndex((await get('/sitemap.xml').expect(200)).text);
        expect(index.map((entry) => entry.loc)).toContain(`${TEST_SITE_URL}/sitemap-posts-4.xml`);
      });
      const third = parseUrls((await get('/sitemap-posts-3.xml').expect(200)).text);
      expect(third.map((entry) => entry.loc)).toEqual(['/post-7', '/post-8', '/post-9'].map((p) => TEST_SITE_URL + p));
      await get('/sitemap-posts-4.xml').expect(200);
      expect(lookups).toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
    }
  });
});

describe('the portfolio in the sitemap', () => {
  const t = useTestApp([SitemapModule]);
  const get = (path: string) => request(t.app.getHttpServer()).get(path);
  const lastmodOf = (xml: string) =>
    new Map(parseUrls(xml).map((url) => [url.loc.slice(TEST_SITE_URL.length), url.lastmod]));
  let listener: ContentChangesListener;

  beforeAll(async () => {
    await createProject(t.database, { slug: 'homestay-booking', updatedAt: day(5), cover: 'homestay cover.webp' });
    // Saved after its publication: dated by the save.
    const shop = await createProject(t.database, { slug: 'small-shop', updatedAt: day(9) });
    await t.database.dataSource.query('UPDATE projects SET published_at = $1 WHERE id = $2', [day(3), shop.id]);
    // Newer than all, but never listed.
    await createProject(t.database, { slug: 'hidden-project', status: POST_STATUS.hidden, updatedAt: day(20) });
    await createProject(t.database, { slug: 'draft-project', published_at: null, updatedAt: day(21) });
    await createProject(t.database, {
      slug: 'scheduled-project',
      updatedAt: day(22),
      published_at: new Date(Date.now() + 86_400_000),
    });
    await t.database.dataSource.query(
      `INSERT INTO services (name, slug, updated_at, hidden) VALUES ('Websites', 'websites', $1, false), ('Old', 'old', $2, true)`,
      [day(7), day(30)],
    );
    listener = await keepSharedReads(t);
  });

  afterAll(() => listener?.stop());

  it('lists /portfolio, /services and every visible case study with its lastmod, never a hidden, draft or scheduled one', async () => {
    const xml = (await get('/sitemap.xml').expect(200)).text;
    const lastmods = lastmodOf(xml);
    expect([...lastmods.keys()].filter((path) => /^\/(portfolio|services)/.test(path))).toEqual([
      '/portfolio',
      '/services',
      '/portfolio/homestay-booking',
      '/portfolio/small-shop',
    ]);
    expect(lastmods.get('/portfolio/homestay-booking')).toBe(day(5).toISOString());
    expect(lastmods.get('/portfolio/small-shop')).toBe(day(9).toISOString());
    // The list by its latest visible project; the services' page by its latest shown service.
    expect(lastmods.get('/portfolio')).toBe(day(9).toISOString());
    expect(lastmods.get('/services')).toBe(day(7).toISOString());
    expect(xml).not.toMatch(/hidden-project|draft-project|scheduled-project/);
    expect(xml).toContain(
      `<image:image>\n      <image:loc>${TEST_SITE_URL}/uploads/homestay%20cover.webp</image:loc>\n    </image:image>`,
    );
    expect((await get('/api/sitemap').expect(200)).text).toBe(xml);
  });

  it('follows the projects and services as they change', async () => {
    await get('/sitemap.xml').expect(200);
    await t.database.dataSource.query(`UPDATE projects SET status = $1 WHERE slug = 'hidden-project'`, [
      POST_STATUS.visible,
    ]);
    await t.database.dataSource.query(`UPDATE services SET updated_at = $1 WHERE slug = 'websites'`, [day(40)]);
    await eventually(async () => {
      const lastmods = lastmodOf((await get('/sitemap.xml').expect(200)).text);
      expect(lastmods.get('/portfolio/hidden-project')).toBe(day(20).toISOString());
      expect(lastmods.get('/services')).toBe(day(40).toISOString());
    });
    await t.database.dataSource.query(`DELETE FROM projects WHERE slug = 'hidden-project'`);
    await eventually(async () =>
      expect((await get('/sitemap.xml').expect(200)).text).not.toContain('/portfolio/hidden-project'),
    );
  });
});
