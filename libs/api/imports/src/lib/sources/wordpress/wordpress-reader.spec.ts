import { createWriteStream, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { SourceFileError, type SourceItem, type SourcePost } from '../source-model';
import { readWordPress } from './wordpress-reader';
import { WXR_MAX_BYTES } from './wxr-xml';
import { describeWithFixtures, WORDPRESS_FIXTURE } from '../../../testing/fixtures';

const THEME_UNIT_TEST = WORDPRESS_FIXTURE;
const SMALL = join(__dirname, 'wordpress-reader.fixture.xml');

async function readAll(path: string): Promise<SourceItem[]> {
  const items: SourceItem[] = [];
  for await (const item of readWordPress(path)) items.push(item);
  return items;
}

function postsOf(items: SourceItem[]): Map<string, SourcePost> {
  return new Map(items.flatMap((item) => (item.type === 'post' ? [[item.key, item] as const] : [])));
}

const WXR_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/" ' +
  'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">\n<channel>\n';

describeWithFixtures('readWordPress on WordPress’s Theme Unit Test export', () => {
  let items: SourceItem[];
  let posts: Map<string, SourcePost>;
  beforeAll(async () => {
    items = await readAll(THEME_UNIT_TEST);
    posts = postsOf(items);
  });
  const post = (id: number) => {
    const found = posts.get(`wp:post:${id}`);
    if (!found) throw new Error(`no post ${id}`);
    return found;
  };

  it('yields the site first, then the categories, the posts and pages, and the redirects', () => {
    expect(items[0]).toEqual({
      type: 'site',
      origin: 'https://wpthemetestdata.wordpress.com',
      totalPosts: 79,
      warnings: ['4 comments left out: spam, trash, pingbacks and trackbacks.'],
    });
    const order = items.slice(1).map((item) => item.type);
    const runs = order.filter((type, i) => type !== order[i - 1]);
    expect(runs).toEqual(['category', 'post', 'redirect']);
  });

  it('reads its 33 comments: shown and held ones kept, pingbacks and trackbacks left out, threads one level deep', () => {
    const all = [...posts.values()].flatMap((p) => p.comments);
    expect(all).toHaveLength(29);
    expect(all.filter((comment) => comment.state === 'approved')).toHaveLength(26);
    expect(all.filter((comment) => comment.state === 'pending').map((comment) => comment.key)).toEqual([
      'wp:comment:155:1017',
      'wp:comment:703:1016',
      'wp:comment:1148:1015',
    ]);
    expect(post(1149).comments.map((comment) => comment.body)).toEqual([
      'This is a comment amongst pingbacks and trackbacks.',
    ]);
    // Ten levels deep in WordPress: every answer of the chain goes under its top-level comment, after it.
    const thread = post(1148).comments;
    const chain = thread.filter((comment) => comment.parentKey === 'wp:comment:1148:904');
    expect(chain.map((comment) => comment.body.split('\n')[0])).toEqual(
      [2, 3, 4, 5, 6, 7, 8, 9, 10].map((depth) =>
        expect.stringMatching(`^Comment Depth ${String(depth).padStart(2, '0')}`),
      ),
    );
    expect(thread.findIndex((comment) => comment.parentKey !== null)).toBeGreaterThan(
      thread.findIndex((comment) => comment.key === 'wp:comment:1148:904'),
    );
    // The post's author (a WordPress user, known by the author's e-mail: this export gives no user ids).
    expect(thread.filter((comment) => comment.byOwner).map((comment) => comment.key)).toEqual([
      'wp:comment:1148:903',
      'wp:comment:1148:910',
      'wp:comment:1148:915',
    ]);
    expect(thread.find((comment) => comment.key === 'wp:comment:1148:899')).toEqual({
      key: 'wp:comment:1148:899',
      parentKey: null,
      authorName: 'Anonymous User',
      authorEmail: 'fake@example.com',
      authorUrl: '',
      // Its paragraphs and line breaks, the link as its address, no tag.
      body:
        'This user it trying to be anonymous.\n\nThey used a fake email, so there should be no Gravatar ' +
        '(https://gravatar.com//) associated with it.\nThey did not speify a website, so there should be no link ' +
        'to it in the comment.',
      state: 'approved',
      byOwner: false,
      createdAt: '2013-03-12T04:45:54.000Z',
    });
    // WordPress's HTML showcase in a comment: its text, never its tags (an escaped `&lt;code&gt;` stays text).
    const showcase = thread.find((comment) => comment.key === 'wp:comment:1148:881')?.body ?? '';
    expect(showcase).toMatch(/^Headings\n\nHeader one\n\nHeader two/);
    expect(showcase).toContain('the <cite> (https://developer.mozilla.org/en-US/docs/Web/HTML/Element/cite) element');
    expect(showcase).not.toMatch(/<(strong|h1|table|td|a|p|br|em|ul|li)\b/);
  });

  it('yields its 58 posts and 21 pages, and no attachment or menu item', () => {
    const all = [...posts.values()];
    expect(all.filter((p) => p.kind === 'post')).toHaveLength(58);
    expect(all.filter((p) => p.kind === 'page')).toHaveLength(21);
    expect(all.map((p) => p.title)).not.toContain('canola2'); // an attachment
  });

  it('maps the draft, the scheduled post and the password-protected one', () => {
    expect(post(1164)).toMatchObject({ title: 'Draft', state: 'draft', publishedAt: null });
    expect(post(1153)).toMatchObject({
      title: 'Scheduled',
      state: 'scheduled',
      publishedAt: '2030-01-01T19:00:18.000Z',
    });
    expect(post(1168)).toMatchObject({ state: 'hidden', publishedAt: '2012-01-04T16:38:05.000Z' });
    expect(post(1168).warnings).toEqual([expect.stringContaining('password')]);
    expect(post(358)).toMatchObject({ state: 'published', publishedAt: '2010-10-05T07:27:25.000Z' });
  });

  it('takes the first category as the post’s, the others and the tags as keywords', () => {
    // Classic, Template, Uncategorized; tags password and template (one keyword with Template).
    expect(post(1168).categoryKey).toBe('wp:category:classic');
    expect(post(1168).keywords).toEqual(['Template', 'Uncategorized', 'password']);
    expect(post(1168).authors).toEqual(['Theme Buster']);
    // A page has no category of the blog's.
    expect(post(2)).toMatchObject({ kind: 'page', categoryKey: null });
  });

  it('yields every category, nested ones with their full path too', () => {
    const categories = items.filter((item) => item.type === 'category');
    expect(categories).toHaveLength(68);
    expect(categories).toContainEqual({
      type: 'category',
      key: 'wp:category:grandchild-category',
      name: 'Grandchild Category',
      slug: 'grandchild-category',
      oldPaths: ['/category/grandchild-category/', '/category/parent-category/child-category-03/grandchild-category/'],
    });
    const keys = new Set(categories.map((category) => category.type === 'category' && category.key));
    for (const p of posts.values()) if (p.categoryKey) expect(keys).toContain(p.categoryKey);
  });

  it('finds the featured image through _thumbnail_id, with its alt text and caption', () => {
    expect(post(1011).featuredImage).toEqual({
      url: 'https://wpthemetestdata.files.wordpress.com/2013/03/featured-image-horizontal.jpg',
      alt: 'Horizontal Featured Image',
      caption: '',
    });
    expect(post(1163).featuredImage?.caption).toBe('It’s dangerous to go alone! Take this.');
    expect(post(1164).featuredImage).toBeNull();
  });

  it('turns [caption] into a figure with its figcaption', () => {
    expect(post(1163).html).toContain(
      '<figure><a href="https://wpthemetestdata.files.wordpress.com/2008/06/100_5478.jpg"><img class="wp-image-754 size-large" ' +
        'src="https://wpthemetestdata.files.wordpress.com/2008/06/100_5478.jpg?w=604" alt="Bell on Wharf" width="604" height="453" />' +
        '</a><figcaption>Bell on wharf in San Francisco</figcaption></figure>',
    );
    // The caption given as an attribute.
    expect(post(568).html).toContain('<figcaption>Chunk of resinous blackboy husk, Clarkson, Western Australia.');
    for (const p of posts.values()) expect(p.html).not.toMatch(/\[\/?caption/);
  });

  it('turns [gallery] into our gallery of its images: the post’s own attachments, or those it lists', () => {
    const gallery = post(555).html.replace(/\n/g, '');
    expect(gallery).not.toContain('[gallery');
    expect(gallery).toMatch(
      /^<div class="gallery"><figure class="gallery-item"><a href="https:\/\/wpthemetestdata\.files\.wordpress\.com\/2008\/06\/canola2\.jpg"><img src="https:\/\/wpthemetestdata\.files\.wordpress\.com\/2008\/06\/canola2\.jpg" alt="canola" \/><\/a>/,
    );
    // `ids="755,757,758,760,766,763"`, of which 763 is not in the file.
    expect(post(1031).html.match(/<figure class="gallery-item">/g)).toHaveLength(5);
    expect(post(1031).warnings).toEqual(['A gallery shows attachment 763, not in the file: left out.']);
  });

  it('drops the Gutenberg block comments and reports the blocks WordPress builds itself', () => {
    for (const p of posts.values()) expect(p.html).not.toMatch(/<!--\s*\/?wp:/);
    expect(post(163).html).toContain('<h2 class="has-small-font-size">Small H2 Heading</h2>');
    expect(post(51).warnings[0]).toMatch(/^WordPress blocks wp:page-list, wp:site-logo, .* left out\.$/);
  });

  it('makes an audio block of an [audio] shortcode (the importer brings its clip over)', () => {
    expect(post(587).warnings).toEqual([]);
    expect(post(587).html).toContain(
      '<figure class="audio"><audio controls preload="none" src="' +
        'https://wpthemetestdata.files.wordpress.com/2008/06/originaldixielandjazzbandwithalbernard-stlouisblues.mp3"></audio></figure>',
    );
    expect(post(587).html).not.toContain('[audio');
  });

  it('makes paragraphs of a classic-editor post (wpautop)', () => {
    expect(post(358).html).toMatch(/^<p>All children, except one, grow up\.[^<]*<\/p>\n<p>Mrs\. Darling first heard/);
  });

  it('keeps the old addresses of a post and of a page', () => {
    expect(post(1168).oldPaths).toEqual([
      '/?p=1168',
      '/2012/01/04/template-password-protected/',
      '/template-password-protected/',
    ]);
    expect(post(155).oldPaths).toEqual([
      '/?p=155',
      '/?page_id=155',
      '/about/page-with-comments/',
      '/page-with-comments/',
    ]);
  });

  it('decodes percent-encoded slugs and paths', () => {
    expect(post(1813).slug).toBe('επίπεδο-3');
    expect(post(1813).oldPaths).toContain('/greek/επίπεδο-2/επίπεδο-3/');
    // The file's own `//greek/…` link, as the one slash WordPress reads it as.
    expect(post(1811).oldPaths).toContain('/greek/επίπεδο-2/');
  });

  it('redirects attachment pages to their post, or to their file when they belong to none', () => {
    const redirects = items.filter((item) => item.type === 'redirect');
    expect(redirects).toContainEqual({
      type: 'redirect',
      from: '/2010/09/10/post-format-gallery/canola2/',
      to: { postKey: 'wp:post:555' },
    });
    expect(redirects).toContainEqual({ type: 'redirect', from: '/?attachment_id=611', to: { postKey: 'wp:post:555' } });
    const toFiles = redirects.filter((item) => item.type === 'redirect' && 'imageUrl' in item.to);
    expect(toFiles.length).toBeGreaterThan(0);
    for (const redirect of redirects) {
      if (redirect.type === 'redirect' && 'postKey' in redirect.to) expect(posts.has(redirect.to.postKey)).toBe(true);
    }
  });
});

describe('readWordPress on a small export of its own', () => {
  let items: SourceItem[];
  let posts: Map<string, SourcePost>;
  beforeAll(async () => {
    items = await readAll(SMALL);
    posts = postsOf(items);
  });

  it('reads a blog in a folder, and says what it leaves out', () => {
    expect(items[0]).toEqual({
      type: 'site',
      origin: 'https://blog.example.vn',
      totalPosts: 4,
      warnings: [
        '1 post in WordPress’s trash: left out.',
        '2 comments left out: spam, trash, pingbacks and trackbacks.',
        '1 item of the type “product” (neither posts nor pages): not imported.',
      ],
    });
    expect(items.filter((item) => item.type === 'category')).toEqual([
      {
        type: 'category',
        key: 'wp:category:du-lịch',
        name: 'Du lịch',
        slug: 'du-lịch',
        oldPaths: ['/nhat-ky/category/du-lịch/'],
      },
      {
        type: 'category',
        key: 'wp:category:hội-an',
        name: 'Hội An',
        slug: 'hội-an',
        oldPaths: ['/nhat-ky/category/hội-an/', '/nhat-ky/category/du-lịch/hội-an/'],
      },
    ]);
  });

  it('keeps the comments worth keeping: the author’s by user id, a reply to a comment left out standing alone', () => {
    const { comments } = posts.get('wp:post:10') as SourcePost;
    expect(comments).toEqual([
      {
        key: 'wp:comment:10:1',
        parentKey: null,
        authorName: 'Minh',
        authorEmail: '',
        authorUrl: '',
        body: 'Đẹp quá!',
        state: 'approved',
        byOwner: false,
        createdAt: null,
      },
      // Its thread began with spam: it stands on its own (held, as WordPress held it); user 2 is not the author.
      expect.objectContaining({ key: 'wp:comment:10:4', parentKey: null, state: 'pending', byOwner: false }),
      expect.objectContaining({
        key: 'wp:comment:10:2',
        parentKey: 'wp:comment:10:1',
        body: 'Cảm ơn Minh!',
        byOwner: true,
        createdAt: '2019-05-10T02:00:00.000Z',
      }),
    ]);
  });

  it('decodes a Vietnamese slug and keeps every old address of the post', () => {
    expect(posts.get('wp:post:10')).toMatchObject({
      title: 'Đi Hội An',
      slug: 'đi-hội-an',
      categoryKey: 'wp:category:hội-an',
      keywords: ['Du lịch', 'phố cổ', 'hội an'],
      authors: ['Lan Nguyễn'],
      oldPaths: ['/nhat-ky/?p=10', '/nhat-ky/2019/05/08/đi-hội-an/', '/nhat-ky/đi-hội-an/', '/nhat-ky/hoi-an/'],
      featuredImage: {
        url: 'https://blog.example.vn/nhat-ky/wp-content/uploads/2019/05/den-long.jpg',
        alt: 'Đèn lồng',
        caption: 'Đèn lồng ở Hội An',
      },
    });
  });

  it('fills Yoast’s and Rank Math’s templates, dropping the variables it has no value for', () => {
    expect(posts.get('wp:post:10')).toMatchObject({
      metaTitle: 'Đi Hội An - Nhật ký & ảnh',
      metaDescription: 'Một đêm ở Đi Hội An',
      focusKeyword: 'hội an về đêm',
    });
    expect(posts.get('wp:post:11')).toMatchObject({
      metaTitle: 'Ghi chú riêng - Nhật ký & ảnh',
      metaDescription: 'Ghi chú cho riêng tôi',
      focusKeyword: 'ghi chú',
      keywords: ['nhật ký'],
    });
  });

  it('reads 0000-00-00 dates as none: the local date moved to UTC, or null for a draft', () => {
    // 17:00 in the site's UTC+7, as post 11 (09:00 local, 02:00 UTC) shows it.
    expect(posts.get('wp:post:10')).toMatchObject({
      publishedAt: '2019-05-08T10:00:00.000Z',
      updatedAt: '2019-05-09T01:30:00.000Z',
    });
    expect(posts.get('wp:post:12')).toMatchObject({ state: 'draft', slug: '', publishedAt: null, updatedAt: null });
  });

  it('maps private to hidden and reports what it leaves out', () => {
    expect(posts.get('wp:post:11')).toMatchObject({
      state: 'hidden',
      html: '<p>Chỉ mình tôi đọc.</p>',
      featuredImage: null,
    });
    expect(posts.get('wp:post:11')?.warnings).toEqual([
      'WordPress block wp:latest-posts had no content of its own (WordPress builds it on each view): left out.',
      'Its featured image (attachment 99) is not in the file: left out.',
    ]);
  });

  it('cleans a classic post: paragraphs, caption figure, shortcodes reported, text in brackets kept', () => {
    const post = posts.get('wp:post:10');
    expect(post?.html).toBe(
      '<p>Phố cổ về đêm.<br />\nĐèn lồng khắp nơi.</p>\n' +
        '<figure><img src="https://blog.example.vn/nhat-ky/wp-content/uploads/2019/05/den-long-800x500.jpg" alt="Đèn lồng" width="800" height="500" />' +
        '<figcaption>Đèn lồng <em>Hội An</em></figcaption></figure>\n' +
        '<p><a href="https://www.youtube.com/watch?v=abc123">https://www.youtube.com/watch?v=abc123</a></p>\n' +
        '<p>Cột trái</p>\n' +
        '<p>Chú thích [sic] và [gallery] không phải shortcode.</p>',
    );
    expect(post?.excerptHtml).toBe('<p>Một đêm ở phố cổ.</p>');
    expect(post?.warnings).toEqual([
      'Shortcode [embed] is not supported: kept as a link to https://www.youtube.com/watch?v=abc123.',
      'Shortcode [contact-form-7] is not supported: removed.',
      'Shortcode [column] is not supported: removed, the text it enclosed kept.',
    ]);
  });

  it('yields a page with its ?page_id address, and never a trashed post, a menu item or a product', () => {
    expect(posts.get('wp:post:20')).toMatchObject({
      kind: 'page',
      html: '<h2>Xin chào</h2>\n<p>Tôi là Lan.</p>',
      oldPaths: ['/nhat-ky/?p=20', '/nhat-ky/?page_id=20', '/nhat-ky/gioi-thieu/'],
    });
    expect([...posts.keys()]).toEqual(['wp:post:10', 'wp:post:11', 'wp:post:12', 'wp:post:20']);
  });

  it('redirects the attachment pages', () => {
    expect(items.filter((item) => item.type === 'redirect')).toEqual([
      { type: 'redirect', from: '/nhat-ky/2019/05/08/đi-hội-an/den-long/', to: { postKey: 'wp:post:10' } },
      { type: 'redirect', from: '/nhat-ky/?attachment_id=30', to: { postKey: 'wp:post:10' } },
      {
        type: 'redirect',
        from: '/nhat-ky/logo/',
        to: { imageUrl: 'https://blog.example.vn/nhat-ky/wp-content/uploads/2018/01/logo.png' },
      },
      {
        type: 'redirect',
        from: '/nhat-ky/?attachment_id=31',
        to: { imageUrl: 'https://blog.example.vn/nhat-ky/wp-content/uploads/2018/01/logo.png' },
      },
    ]);
  });
});

describe('readWordPress on files it refuses', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'wxr-reader-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function refusal(name: string, content: string): Promise<SourceFileError> {
    const path = join(dir, name);
    writeFileSync(path, content);
    const error = await readAll(path).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SourceFileError);
    expect((error as SourceFileError).field).toBe('file');
    return error as SourceFileError;
  }

  it('refuses a DOCTYPE before anything else: entity expansion and external entities', async () => {
    const laughs =
      '<?xml version="1.0"?>\n<!DOCTYPE rss [\n<!ENTITY lol "lol">\n<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n' +
      '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">\n]>\n' +
      `${WXR_HEAD.replace(/^<\?xml[^>]*>\n/, '')}<title>&lol3;</title></channel></rss>`;
    expect((await refusal('laughs.xml', laughs)).message).toMatch(
      /^The file declares a DOCTYPE \(line 2\)\..*refused\.$/,
    );
    const external = `<?xml version="1.0"?>\n<!DOCTYPE rss SYSTEM "file:///etc/passwd">\n${WXR_HEAD.replace(/^<\?xml[^>]*>\n/, '')}</channel></rss>`;
    expect((await refusal('external.xml', external)).message).toMatch(/DOCTYPE/);
  });

  it('refuses a truncated export, saying it was cut short', async () => {
    const whole = readFileSync(SMALL, 'utf8');
    const error = await refusal('truncated.xml', whole.slice(0, whole.indexOf('<wp:post_id>11')));
    expect(error.message).toMatch(/^The file ends in the middle of its XML \(<item> is never closed\): .*cut short/);
  });

  it('refuses what is not a WordPress export', async () => {
    expect(
      (await refusal('feed.xml', '<rss version="2.0"><channel><title>A feed</title></channel></rss>')).message,
    ).toMatch(/RSS feed, not a WordPress export/);
    expect((await refusal('page.xml', '<html><body>Hi</body></html>')).message).toBe(
      'The file is XML but not a WordPress export: its root element is <html>, not <rss>.',
    );
    expect((await refusal('ghost.json', '{"db":[{"data":{"posts":[]}}]}')).message).toMatch(/not XML/);
    expect((await refusal('empty.xml', '')).message).toMatch(/empty/);
    expect((await refusal('blank.xml', '  \n')).message).toMatch(/not XML/);
  });

  it('says where malformed XML goes wrong, and refuses another encoding than UTF-8', async () => {
    const error = await refusal('malformed.xml', `${WXR_HEAD}<item>\n<title>A</title>\n</channel></rss>`);
    expect(error.message).toMatch(/^The file is not well-formed XML at line 6: unexpected close tag\.$/);
    expect((await refusal('latin1.xml', '<?xml version="1.0" encoding="ISO-8859-1"?><rss/>')).message).toMatch(
      /encoded in ISO-8859-1/,
    );
  });

  it('refuses a file over WXR_MAX_BYTES without reading it', async () => {
    const path = join(dir, 'huge.xml');
    writeFileSync(path, WXR_HEAD);
    truncateSync(path, WXR_MAX_BYTES + 1); // sparse: no disk used
    await expect(readAll(path)).rejects.toThrow(/at most 512 MB/);
  });
});

describe('readWordPress on a large export', () => {
  it('streams 20 000 posts from a generated file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wxr-large-'));
    try {
      const path = join(dir, 'large.xml');
      const out = createWriteStream(path);
      out.write(`${WXR_HEAD}<wp:base_blog_url>https://example.com</wp:base_blog_url>\n`);
      for (let id = 1; id <= 20_000; id++) {
        const item =
          `<item><title>Post ${id}</title><link>https://example.com/post-${id}/</link><dc:creator>a</dc:creator>` +
          `<content:encoded><![CDATA[Paragraph one of ${id}.\n\nParagraph two.]]></content:encoded>` +
          `<wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2020-01-01 00:00:00</wp:post_date_gmt>` +
          `<wp:post_name>post-${id}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>` +
          `<category domain="category" nicename="c${id % 10}">C${id % 10}</category></item>\n`;
        if (!out.write(item)) await once(out, 'drain');
      }
      out.end('</channel></rss>\n');
      await once(out, 'finish');

      let posts = 0;
      let categories = 0;
      let last: SourceItem | undefined;
      for await (const item of readWordPress(path)) {
        if (item.type === 'site') expect(item.totalPosts).toBe(20_000);
        if (item.type === 'post') posts++;
        if (item.type === 'category') categories++;
        last = item;
      }
      expect(posts).toBe(20_000);
      expect(categories).toBe(10);
      expect(last).toMatchObject({
        type: 'post',
        key: 'wp:post:20000',
        html: '<p>Paragraph one of 20000.</p>\n<p>Paragraph two.</p>',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
