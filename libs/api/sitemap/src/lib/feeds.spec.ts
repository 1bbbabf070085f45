import { JSDOM } from 'jsdom';
import request from 'supertest';
import { POST_STATUS, RSS_POSTS_COUNT, RSS_PROJECTS_COUNT, SITE_DESCRIPTION, SITE_NAME } from '@blog/contracts';
import { PostEntity, type CategoryEntity } from '@blog/api/data';
import { createCategory, createPost, createProject, TEST_SITE_URL, useTestApp } from '@blog/api/testing';
import { SitemapModule } from './sitemap.module';

const CONTENT_NS = 'http://purl.org/rss/1.0/modules/content/';
const MEDIA_NS = 'http://search.yahoo.com/mrss/';
const ATOM_NS = 'http://www.w3.org/2005/Atom';
const RFC_822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const day = (n: number) => new Date(Date.UTC(2025, 0, n, 12));

/** Parses XML strictly (namespaces included); a malformed document fails the test. */
function parseXml(xml: string): Document {
  const document = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  return document;
}

const childText = (element: Element, name: string, namespace: string | null = null) => {
  const children = [...element.children].filter(
    (child) => child.localName === name && child.namespaceURI === namespace,
  );
  expect(children).toHaveLength(1);
  return children[0].textContent;
};

/**
 * Whether a crawler following Google's robots.txt rules may fetch `url` (path and query): the
 * longest matching rule wins, `Allow` on a tie; `*` is any text and a final `$` the end.
 */
function allowedByRobots(robots: string, url: string): boolean {
  const rules = robots
    .split('\n')
    .map((line) => /^(Allow|Disallow):\s*(\S+)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, kind, pattern]) => ({ allow: kind === 'Allow', pattern }));
  const matches = (pattern: string) => {
    const anchored = pattern.endsWith('$');
    const body = (anchored ? pattern.slice(0, -1) : pattern)
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    return new RegExp(`^${body}${anchored ? '$' : ''}`).test(url);
  };
  const best = rules
    .filter((rule) => matches(rule.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length || Number(b.allow) - Number(a.allow))[0];
  return best?.allow ?? true;
}

describe('the feeds at the site root: robots.txt and rss.xml', () => {
  const t = useTestApp([SitemapModule]);
  const get = (path: string) => request(t.app.getHttpServer()).get(path);

  describe('GET /robots.txt', () => {
    it('answers plain text, cacheable for five minutes, pointing at the sitemap', async () => {
      const res = await get('/robots.txt').expect(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      const lines = res.text.split('\n');
      expect(lines[0]).toBe('User-agent: *');
      expect(lines).toContain('Allow: /');
      expect(lines).toContain(`Sitemap: ${TEST_SITE_URL}/sitemap.xml`);
      for (const path of ['/admin', '/login', '/request-password', '/reset-password', '/api/', '/trpc/', '/search']) {
        expect(lines.some((line) => line.startsWith(`Disallow: ${path}`))).toBe(true);
      }
    });

    it.each([
      '/admin',
      '/admin/',
      '/admin/posts/3',
      '/login',
      '/login?next=/admin',
      '/request-password',
      '/reset-password?token=abc',
      '/search',
      '/search?key=ha+giang',
      '/api/homeData',
      '/trpc/posts.home',
      '/preview/Xq3tT0n3n8cYl0ngEnoUghT0kenF0rTh3Pr3vi3wL1nk',
    ])('closes %s to crawlers', async (url) => {
      expect(allowedByRobots((await get('/robots.txt').expect(200)).text, url)).toBe(false);
    });

    it.each([
      '/',
      '/posts',
      '/posts?page=2',
      '/about',
      '/contact',
      '/category/seo',
      '/ha-giang-loop',
      // Posts whose slugs start like a closed page stay open.
      '/search-engine-optimization',
      '/login-tips',
      '/administrator-notes',
      '/uploads/photo.jpg',
      '/sitemap.xml',
      '/rss.xml',
      '/portfolio/rss.xml',
    ])('leaves %s open', async (url) => {
      expect(allowedByRobots((await get('/robots.txt').expect(200)).text, url)).toBe(true);
    });

    it('is served only at the root', async () => {
      await get('/api/robots.txt').expect(404);
    });
  });

  describe('GET /rss.xml', () => {
    it('answers an empty channel while there is no visible post', async () => {
      const story = await createCategory(t.database, { slug: 'empty-check' });
      const hidden = await createPost(t.database, story, { slug: 'only-hidden', status: POST_STATUS.hidden });
      const res = await get('/rss.xml').expect(200);
      const channel = parseXml(res.text).getElementsByTagName('channel')[0];
      expect(channel.getElementsByTagName('item')).toHaveLength(0);
      expect(childText(channel, 'title')).toBe(SITE_NAME);
      expect(res.text).not.toContain(hidden.slug);
      await t.database.dataSource.query('DELETE FROM posts');
      await t.database.dataSource.query('DELETE FROM categories');
    });

    describe('with posts', () => {
      let story: CategoryEntity;
      let poem: CategoryEntity;
      /** Visible posts, newest published first. */
      let newestFirst: PostEntity[];
      let special: PostEntity;

      const SPECIAL_CONTENT =
        '<p>Code: <code>a[b[0]]]]>c</code> and ]]> again</p>' +
        '<p><img src="/uploads/photo%201.png" alt="Photo" /><a href="/about">About</a> ' +
        '<a href="https://example.com/x?a=1&amp;b=2">out</a> <a href="#top">top</a> <a href="mailto:me@example.com">mail</a></p>';

      beforeAll(async () => {
        story = await createCategory(t.database, { slug: 'story', name: 'Story & Travel' });
        poem = await createCategory(t.database, { slug: 'poem', name: 'Poem' });
        const visible: PostEntity[] = [];
        for (let n = 1; n <= RSS_POSTS_COUNT + 3; n++) {
          visible.push(
            await createPost(t.database, n % 2 ? story : poem, {
              slug: `feed-post-${n}`,
              updatedAt: day(n),
              thumbnail: n % 3 === 0 ? `thumb-${n}.jpg` : null,
            }),
          );
        }
        // The newest: special characters everywhere, a thumbnail and relative links.
        special = await createPost(t.database, story, {
          slug: 'tom-and-jerry',
          title: 'Tom & Jerry <3 "quoted"\u0001',
          short_content: '<p>Short <strong>&amp; sweet</strong></p>',
          content: SPECIAL_CONTENT,
          thumbnail: 'tom.webp',
          updatedAt: day(40),
        });
        // Edited after everything else, but published before the feed's window: it changes nothing in the feed.
        await t.database.dataSource.query('UPDATE posts SET updated_at = $1 WHERE slug = $2', [day(41), 'feed-post-1']);
        // Hidden posts, newer than all: never in the feed.
        await createPost(t.database, story, { slug: 'hidden-newest', status: POST_STATUS.hidden, updatedAt: day(50) });
        await createPost(t.database, story, { slug: 'trashed-newest', updatedAt: day(51), deleted_at: day(52) });
        newestFirst = [special, ...visible.reverse()];
      });

      it('answers RSS 2.0, cacheable for five minutes', async () => {
        const res = await get('/rss.xml').expect(200);
        expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
        expect(res.headers['cache-control']).toBe('public, max-age=300');
        const rss = parseXml(res.text).documentElement;
        expect(rss.localName).toBe('rss');
        expect(rss.getAttribute('version')).toBe('2.0');
      });

      it("takes the site's name and description from the general information once the owner set them", async () => {
        await t.database.dataSource.query(
          `INSERT INTO general_info (site_name, site_description) VALUES ('Nhật ký của Lan & bạn', 'Thơ <và> chuyện')`,
        );
        try {
          const channel = parseXml((await get('/rss.xml').expect(200)).text).getElementsByTagName('channel')[0];
          expect(childText(channel, 'title')).toBe('Nhật ký của Lan & bạn');
          expect(childText(channel, 'description')).toBe('Thơ <và> chuyện');
        } finally {
          await t.database.dataSource.query('DELETE FROM general_info');
        }
      });

      it('describes the site in its channel', async () => {
        const channel = parseXml((await get('/rss.xml').expect(200)).text).getElementsByTagName('channel')[0];
        expect(childText(channel, 'title')).toBe("Phuong's Blog");
        expect(childText(channel, 'link')).toBe(`${TEST_SITE_URL}/`);
        expect(childText(channel, 'description')).toBe(SITE_DESCRIPTION);
        expect(childText(channel, 'language')).toBe('en');
        const included = newestFirst.slice(0, RSS_POSTS_COUNT);
        const lastChange = new Date(Math.max(...included.map((post) => post.updated_at.getTime())));
        expect(childText(channel, 'lastBuildDate')).toBe(lastChange.toUTCString());
        expect(childText(channel, 'lastBuildDate')).toMatch(RFC_822);
        const self = channel.getElementsByTagNameNS(ATOM_NS, 'link')[0];
        expect(self.getAttribute('href')).toBe(`${TEST_SITE_URL}/rss.xml`);
        expect(self.getAttribute('rel')).toBe('self');
        expect(self.getAttribute('type')).toBe('application/rss+xml');
      });

      it(`carries the ${RSS_POSTS_COUNT} newest visible posts, newest first, never a hidden or trashed one`, async () => {
        const res = await get('/rss.xml').expect(200);
        const items = [...parseXml(res.text).getElementsByTagName('item')];
        expect(items.map((item) => childText(item, 'link'))).toEqual(
          newestFirst.slice(0, RSS_POSTS_COUNT).map((post) => `${TEST_SITE_URL}/${post.slug}`),
        );
        expect(res.text).not.toContain('hidden-newest');
        expect(res.text).not.toContain('trashed-newest');
        expect(res.text).not.toContain('only-hidden');
      });

      it('carries no draft nor a post still to be published, and dates an item by its publication', async () => {
        const extra = [
          await createPost(t.database, story, { slug: 'draft-newest', published_at: null, updatedAt: day(60) }),
          await createPost(t.database, story, {
            slug: 'scheduled-newest',
            published_at: new Date(Date.now() + 86_400_000),
          }),
          await createPost(t.database, story, { slug: 'back-dated', updatedAt: day(61), published_at: day(39) }),
        ];
        try {
          const res = await get('/rss.xml').expect(200);
          expect(res.text).not.toContain('draft-newest');
          expect(res.text).not.toContain('scheduled-newest');
          const items = [...parseXml(res.text).getElementsByTagName('item')];
          const backDated = items.find((item) => childText(item, 'link') === `${TEST_SITE_URL}/back-dated`);
          expect(backDated && childText(backDated, 'pubDate')).toBe(day(39).toUTCString());
          // Ordered by publication: after the newest (day 40), before the others, though changed last.
          expect(items.findIndex((item) => item === backDated)).toBe(1);
        } finally {
          await t.database.dataSource.getRepository(PostEntity).delete(extra.map((post) => post.id));
        }
      });

      it('gives each item its title, permalink guid, RFC 822 date, category, summary and full content', async () => {
        const items = [...parseXml((await get('/rss.xml').expect(200)).text).getElementsByTagName('item')];
        for (const [index, item] of items.entries()) {
          const post = newestFirst[index];
          const link = `${TEST_SITE_URL}/${post.slug}`;
          const guid = [...item.children].find((child) => child.localName === 'guid');
          expect(guid?.textContent).toBe(link);
          expect(guid?.getAttribute('isPermaLink')).toBe('true');
          expect(childText(item, 'pubDate')).toMatch(RFC_822);
          expect(childText(item, 'pubDate')).toBe(post.created_at.toUTCString());
          expect(childText(item, 'category')).toBe(post.category_id === story.id ? 'Story & Travel' : 'Poem');
          if (post === special) continue;
          expect(childText(item, 'title')).toBe(post.title);
          expect(childText(item, 'description')).toBe(post.short_content);
          expect(childText(item, 'encoded', CONTENT_NS)).toBe(post.content);
        }
      });

      it('escapes titles, drops characters XML cannot carry, and keeps a "]]>" in the content intact', async () => {
        const item = parseXml((await get('/rss.xml').expect(200)).text).getElementsByTagName('item')[0];
        expect(childText(item, 'title')).toBe('Tom & Jerry <3 "quoted"');
        expect(childText(item, 'description')).toBe('<p>Short <strong>&amp; sweet</strong></p>');
        const content = childText(item, 'encoded', CONTENT_NS);
        expect(content).toContain('<code>a[b[0]]]]>c</code> and ]]> again');
        // Relative addresses made absolute for readers away from the site; others untouched.
        expect(content).toContain(`<img src="${TEST_SITE_URL}/uploads/photo%201.png" alt="Photo" />`);
        expect(content).toContain(`<a href="${TEST_SITE_URL}/about">About</a>`);
        expect(content).toContain('<a href="https://example.com/x?a=1&amp;b=2">out</a>');
        expect(content).toContain(`<a href="${TEST_SITE_URL}/tom-and-jerry#top">top</a>`);
        expect(content).toContain('<a href="mailto:me@example.com">mail</a>');
      });

      it('adds the thumbnail as media:content with its absolute URL and type', async () => {
        const items = [...parseXml((await get('/rss.xml').expect(200)).text).getElementsByTagName('item')];
        for (const [index, item] of items.entries()) {
          const post = newestFirst[index];
          const media = item.getElementsByTagNameNS(MEDIA_NS, 'content');
          if (!post.thumbnail) {
            expect(media).toHaveLength(0);
            continue;
          }
          expect(media).toHaveLength(1);
          expect(media[0].getAttribute('url')).toBe(`${TEST_SITE_URL}/uploads/${post.thumbnail}`);
          expect(media[0].getAttribute('medium')).toBe('image');
          expect(media[0].getAttribute('type')).toBe(post.thumbnail.endsWith('.webp') ? 'image/webp' : 'image/jpeg');
        }
      });

      it('is served only at the root', async () => {
        await get('/api/rss.xml').expect(404);
      });
    });
  });

  describe('GET /portfolio/rss.xml', () => {
    const items = async () => [
      ...parseXml((await get('/portfolio/rss.xml').expect(200)).text).getElementsByTagName('item'),
    ];

    beforeAll(async () => {
      for (let n = 1; n <= RSS_PROJECTS_COUNT + 2; n++) {
        await createProject(t.database, { slug: `project-${n}`, title: `Project ${n}`, updatedAt: day(n) });
      }
      await createProject(t.database, {
        slug: 'homestay-booking',
        title: 'Homestay <booking> & more',
        summary: 'Bookings doubled for a homestay in Hà Giang.',
        stack: ['react', 'node.js'],
        cover: 'homestay.webp',
        updatedAt: day(40),
      });
      // Newer than all, never in the feed.
      await createProject(t.database, { slug: 'hidden-project', status: POST_STATUS.hidden, updatedAt: day(50) });
      await createProject(t.database, { slug: 'draft-project', published_at: null, updatedAt: day(51) });
      await createProject(t.database, {
        slug: 'scheduled-project',
        published_at: new Date(Date.now() + 86_400_000),
      });
    });

    afterAll(() => t.database.dataSource.query('DELETE FROM projects'));

    it('answers RSS 2.0 of the portfolio, cacheable for five minutes, under its own address', async () => {
      const res = await get('/portfolio/rss.xml').expect(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      const channel = parseXml(res.text).getElementsByTagName('channel')[0];
      expect(childText(channel, 'title')).toBe(`${SITE_NAME}: Portfolio`);
      expect(childText(channel, 'link')).toBe(`${TEST_SITE_URL}/portfolio`);
      expect(childText(channel, 'description')).toBe(SITE_DESCRIPTION);
      expect(childText(channel, 'lastBuildDate')).toBe(day(40).toUTCString());
      const self = channel.getElementsByTagNameNS(ATOM_NS, 'link')[0];
      expect(self.getAttribute('href')).toBe(`${TEST_SITE_URL}/portfolio/rss.xml`);
      await get('/api/portfolio/rss.xml').expect(404);
    });

    it(`carries the ${RSS_PROJECTS_COUNT} newest visible projects, newest first, never a hidden, draft or scheduled one`, async () => {
      const links = (await items()).map((item) => childText(item, 'link'));
      expect(links).toEqual(
        ['homestay-booking', ...Array.from({ length: RSS_PROJECTS_COUNT - 1 }, (_, i) => `project-${22 - i}`)].map(
          (slug) => `${TEST_SITE_URL}/portfolio/${slug}`,
        ),
      );
      expect(links.join()).not.toMatch(/hidden-project|draft-project|scheduled-project/);
    });

    it('gives each item its title, permalink, publication date, summary, stack as categories and cover', async () => {
      const [item, plain] = await items();
      expect(childText(item, 'title')).toBe('Homestay <booking> & more');
      expect(childText(item, 'guid')).toBe(`${TEST_SITE_URL}/portfolio/homestay-booking`);
      expect(childText(item, 'pubDate')).toBe(day(40).toUTCString());
      expect(childText(item, 'description')).toBe('Bookings doubled for a homestay in Hà Giang.');
      const categories = [...item.children].filter((child) => child.localName === 'category');
      expect(categories.map((category) => category.textContent)).toEqual(['react', 'node.js']);
      const media = item.getElementsByTagNameNS(MEDIA_NS, 'content');
      expect(media).toHaveLength(1);
      expect(media[0].getAttribute('url')).toBe(`${TEST_SITE_URL}/uploads/homestay.webp`);
      expect(media[0].getAttribute('type')).toBe('image/webp');
      expect(plain.getElementsByTagNameNS(MEDIA_NS, 'content')).toHaveLength(0);
    });
  });
});
