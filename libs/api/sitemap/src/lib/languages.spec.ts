import { randomUUID } from 'node:crypto';
import { JSDOM } from 'jsdom';
import request from 'supertest';
import { POST_STATUS } from '@blog/contracts';
import { ContentChangesListener, SharedReads, type PostEntity } from '@blog/api/data';
import { createCategory, createPost, createProject, eventually, TEST_SITE_URL, useTestApp } from '@blog/api/testing';
import { SitemapModule } from './sitemap.module';

const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** Each `<url>`'s path and its alternates (`hreflang` → path), in document order. */
function urlsOf(xml: string): Map<string, Record<string, string>> {
  const document = new JSDOM(xml, { contentType: 'text/xml' }).window.document;
  const urls = new Map<string, Record<string, string>>();
  for (const url of [...document.getElementsByTagName('url')]) {
    const loc = url.getElementsByTagName('loc')[0].textContent?.slice(TEST_SITE_URL.length) ?? '';
    const links = [...url.getElementsByTagNameNS(XHTML_NS, 'link')].map((link) => [
      link.getAttribute('hreflang') ?? '',
      link.getAttribute('href')?.slice(TEST_SITE_URL.length) ?? '',
    ]);
    urls.set(loc, Object.fromEntries(links));
  }
  return urls;
}

describe('sitemap and feeds of a site in two languages', () => {
  const t = useTestApp([SitemapModule]);
  const get = (path: string) => request(t.app.getHttpServer()).get(path);
  let listener: ContentChangesListener;
  let vietnameseStory: PostEntity;

  beforeAll(async () => {
    await t.database.dataSource.query(
      `INSERT INTO general_info (site_name, site_description, default_language, languages)
       VALUES ('Lan', 'Chuyện đi', 'en', '{en,vi}')`,
    );
    const categoryGroup = randomUUID();
    const travel = await createCategory(t.database, {
      slug: 'travel',
      name: 'Travel',
      translation_group: categoryGroup,
    });
    const duLich = await createCategory(t.database, {
      slug: 'du-lich',
      name: 'Du lịch',
      language: 'vi',
      translation_group: categoryGroup,
    });
    const group = randomUUID();
    await createPost(t.database, travel, { slug: 'ha-giang', title: 'Hà Giang loop', translation_group: group });
    vietnameseStory = await createPost(t.database, duLich, {
      slug: 'ha-giang',
      title: 'Vòng cung Hà Giang',
      language: 'vi',
      translation_group: group,
    });
    await createPost(t.database, duLich, { slug: 'hoc-tieng-anh', title: 'Học tiếng Anh', language: 'vi' });
    // In the trash: neither listed nor an alternate.
    await createPost(t.database, travel, {
      slug: 'hoc-tieng-anh-en',
      language: 'en',
      deleted_at: new Date(),
      translation_group: randomUUID(),
    });
    // A case study in both languages under one slug; one in Vietnamese alone; one whose translation is hidden.
    const work = randomUUID();
    await createProject(t.database, { slug: 'homestay', translation_group: work });
    await createProject(t.database, { slug: 'homestay', language: 'vi', translation_group: work });
    await createProject(t.database, { slug: 'day-tieng-anh', language: 'vi' });
    const hiddenPair = randomUUID();
    await createProject(t.database, { slug: 'shop', translation_group: hiddenPair });
    await createProject(t.database, {
      slug: 'cua-hang',
      language: 'vi',
      status: POST_STATUS.hidden,
      translation_group: hiddenPair,
    });
    const shared = t.app.get(SharedReads);
    listener = new ContentChangesListener(t.database.url, {
      onChange: (table) => shared.invalidate(table),
      onListening: (listening) => shared.setListening(listening),
    });
    // As the page cache does in the app: the sitemap's files are kept while changes are heard, and
    // every change committed before a read is heard before it.
    shared.setHeardAll(() => listener.heardAll());
    await listener.start();
  });

  afterAll(() => listener?.stop());

  it('lists each language’s pages and categories, each pointing at itself, its translations and x-default', async () => {
    const xml = (await get('/sitemap.xml').expect(200)).text;
    expect(xml).toContain(`xmlns:xhtml="${XHTML_NS}"`);
    const urls = urlsOf(xml);
    expect([...urls.keys()]).toEqual(
      expect.arrayContaining(['/', '/posts', '/about', '/contact', '/vi', '/vi/posts', '/vi/about', '/vi/contact']),
    );
    expect(urls.get('/vi/about')).toEqual({ en: '/about', vi: '/vi/about', 'x-default': '/about' });
    expect(urls.get('/')).toEqual({ en: '/', vi: '/vi', 'x-default': '/' });
    expect(urls.get('/category/travel')).toEqual({
      en: '/category/travel',
      vi: '/vi/category/du-lich',
      'x-default': '/category/travel',
    });
    expect(urls.get('/vi/category/du-lich')).toEqual(urls.get('/category/travel'));
  });

  it('lists each post at its language’s address, the same slug in both, with its public translations only', async () => {
    const urls = urlsOf((await get('/sitemap.xml').expect(200)).text);
    const pair = { en: '/ha-giang', vi: '/vi/ha-giang', 'x-default': '/ha-giang' };
    expect(urls.get('/ha-giang')).toEqual(pair);
    expect(urls.get('/vi/ha-giang')).toEqual(pair);
    // Alone in its language: no alternates at all (not even itself).
    expect(urls.get('/vi/hoc-tieng-anh')).toEqual({});
    expect([...urls.keys()]).not.toContain('/hoc-tieng-anh-en');
  });

  it('lists each case study at its language’s address with its public translations, and the portfolio feed in the default language', async () => {
    const urls = urlsOf((await get('/sitemap.xml').expect(200)).text);
    const pair = { en: '/portfolio/homestay', vi: '/vi/portfolio/homestay', 'x-default': '/portfolio/homestay' };
    expect(urls.get('/portfolio/homestay')).toEqual(pair);
    expect(urls.get('/vi/portfolio/homestay')).toEqual(pair);
    expect(urls.get('/vi/portfolio/day-tieng-anh')).toEqual({});
    // Its translation hidden: neither listed nor an alternate.
    expect(urls.get('/portfolio/shop')).toEqual({});
    expect([...urls.keys()].filter((path) => path.includes('cua-hang'))).toEqual([]);
    const feed = (await get('/portfolio/rss.xml').expect(200)).text;
    expect(feed).toContain(`<link>${TEST_SITE_URL}/portfolio/homestay</link>`);
    expect(feed).not.toMatch(/\/vi\/|day-tieng-anh/);
  });

  it('drops a hidden translation from its version’s alternates at once, and brings it back when shown', async () => {
    await get('/sitemap.xml').expect(200);
    await t.database.dataSource.query(`UPDATE posts SET status = $1 WHERE id = $2`, [
      POST_STATUS.hidden,
      vietnameseStory.id,
    ]);
    try {
      const urls = urlsOf((await get('/sitemap.xml').expect(200)).text);
      expect(urls.get('/ha-giang')).toEqual({});
      expect([...urls.keys()]).not.toContain('/vi/ha-giang');
    } finally {
      await t.database.dataSource.query(`UPDATE posts SET status = $1 WHERE id = $2`, [
        POST_STATUS.visible,
        vietnameseStory.id,
      ]);
    }
    await eventually(async () =>
      expect(urlsOf((await get('/sitemap.xml').expect(200)).text).get('/ha-giang')).toHaveProperty('vi'),
    );
  });

  it('gives each language its RSS feed, /rss.xml the default’s and /vi/rss.xml the Vietnamese', async () => {
    const feed = async (path: string) => {
      const document = new JSDOM((await get(path).expect(200)).text, { contentType: 'text/xml' }).window.document;
      const channel = document.getElementsByTagName('channel')[0];
      const text = (name: string) => [...channel.children].find((child) => child.tagName === name)?.textContent;
      const links = [...document.getElementsByTagName('item')].map((item) =>
        item.getElementsByTagName('link')[0].textContent?.slice(TEST_SITE_URL.length),
      );
      return { language: text('language'), link: text('link')?.slice(TEST_SITE_URL.length), links };
    };
    expect(await feed('/rss.xml')).toEqual({ language: 'en', link: '/', links: ['/ha-giang'] });
    const vietnamese = await feed('/vi/rss.xml');
    expect(vietnamese).toMatchObject({ language: 'vi', link: '/vi' });
    expect([...vietnamese.links].sort()).toEqual(['/vi/ha-giang', '/vi/hoc-tieng-anh']);
    expect((await get('/vi/rss.xml').expect(200)).headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    // The default language has no prefixed feed; a language unknown or not run has none.
    await get('/en/rss.xml').expect(404);
    await get('/fr/rss.xml').expect(404);
    await get('/portfolio/rss.xml').expect(200);
  });
});
