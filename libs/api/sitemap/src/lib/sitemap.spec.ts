import { JSDOM } from 'jsdom';
import request from 'supertest';
import { POST_STATUS } from '@blog/contracts';
import { CategoryEntity, PostEntity } from '@blog/api/data';
import { createCategory, createPost, TEST_SITE_URL, useTestApp } from '@blog/api/testing';
import { SitemapModule } from './sitemap.module';
import { SitemapRouter } from './sitemap.router';

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
