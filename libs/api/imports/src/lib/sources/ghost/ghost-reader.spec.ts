import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { SourceFileError, type SourceCategory, type SourceItem, type SourcePost } from '../source-model';
import { cleanGhostHtml } from './ghost-html';
import { renderLexical } from './ghost-lexical';
import { GHOST_EXPORT_MAX_BYTES, readGhost, type ReadGhostOptions } from './ghost-reader';
import { describeWithFixtures, GHOST_FIXTURE, itWithFixtures } from '../../../testing/fixtures';

const FIXTURE = GHOST_FIXTURE;

async function readAll(path: string, options?: ReadGhostOptions): Promise<SourceItem[]> {
  const items: SourceItem[] = [];
  for await (const item of readGhost(path, options)) items.push(item);
  return items;
}

const postsOf = (items: SourceItem[]) =>
  items.filter((item): item is SourcePost & { type: 'post' } => item.type === 'post');
const categoriesOf = (items: SourceItem[]) =>
  items.filter((item): item is SourceCategory & { type: 'category' } => item.type === 'category');

// Whitespace between blocks differs (Ghost writes newlines around its HTML cards): it is left out.
const textOf = (html: string) => DomUtils.textContent(parseDocument(html)).replace(/\s+/g, '');
/** The elements in document order, headings with their text: the structure two renderings share. */
const structureOf = (html: string) =>
  DomUtils.findAll(() => true, parseDocument(html).children).map((element) =>
    /^h[1-6]$/.test(element.name) ? `${element.name}:${DomUtils.textContent(element)}` : element.name,
  );

let dir: string;
let files = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ghost-reader-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileWith(content: string): string {
  const path = join(dir, `export-${++files}.json`);
  writeFileSync(path, content);
  return path;
}

/** A small Ghost 5 export of the given tables (no posts unless given). */
function ghostExport(data: Record<string, unknown>, version: unknown = '5.130.6'): string {
  return fileWith(
    JSON.stringify({ db: [{ meta: { exported_on: 1795578254071, version }, data: { posts: [], ...data } }] }),
  );
}

function ghostPost(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'p1',
    title: 'Một bài',
    slug: 'mot-bai',
    type: 'post',
    status: 'published',
    visibility: 'public',
    html: '<p>Nội dung</p>',
    lexical: null,
    mobiledoc: null,
    plaintext: 'Nội dung',
    published_at: '2026-01-02 03:04:05',
    updated_at: '2026-01-03 00:00:00',
    ...fields,
  };
}

async function onlyPost(data: Record<string, unknown>): Promise<SourcePost> {
  const posts = postsOf(await readAll(ghostExport(data)));
  expect(posts).toHaveLength(1);
  return posts[0];
}

async function refusal(path: string, options?: ReadGhostOptions): Promise<SourceFileError> {
  const error = await readGhost(path, options)
    .next()
    .then(
      () => null,
      (thrown: unknown) => thrown,
    );
  expect(error).toBeInstanceOf(SourceFileError);
  expect((error as SourceFileError).field).toBe('file');
  return error as SourceFileError;
}

describeWithFixtures('readGhost, on the real Ghost 5.130 export', () => {
  let items: SourceItem[];
  let posts: (SourcePost & { type: 'post' })[];
  const post = (slug: string) => {
    const found = posts.find((candidate) => candidate.slug === slug);
    if (!found) throw new Error(`no post ${slug}`);
    return found;
  };

  beforeAll(async () => {
    items = await readAll(FIXTURE);
    posts = postsOf(items);
  });

  it('has no comments, and brings them from a copy with Ghost 5’s comments and members tables', async () => {
    expect(posts.flatMap((found) => found.comments)).toEqual([]);
    const ghost = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { db: Array<{ data: Record<string, unknown> }> };
    const postId = '6b06598ade83c74cc154ea4b';
    const comment = (id: string, fields: Record<string, unknown>) => ({
      id,
      post_id: postId,
      member_id: 'm1',
      parent_id: null,
      in_reply_to_id: null,
      status: 'published',
      html: '<p>Đẹp quá!</p>',
      created_at: '2026-02-01 10:00:00',
      edited_at: null,
      ...fields,
    });
    ghost.db[0].data['members'] = [
      { id: 'm1', name: 'Lan', email: 'lan@example.com' },
      // The post's author, a member too: her comment is the owner's.
      { id: 'm2', name: 'Minh Anh', email: 'minhanh@example.com' },
    ];
    ghost.db[0].data['comments'] = [
      comment('c1', { html: '<p>Mùa nào đẹp nhất?</p><p>Xem <a href="https://example.com/a">ảnh</a><br>nhé</p>' }),
      comment('c2', { member_id: 'm2', parent_id: 'c1', in_reply_to_id: 'c1', html: '<p>Tháng 11.</p>' }),
      comment('c3', { status: 'hidden', html: '<p>Quảng cáo</p>' }),
      comment('c4', { status: 'deleted' }),
      // A reply to a hidden comment stands on its own.
      comment('c5', { parent_id: 'c3', html: '<p>Cảm ơn</p>', created_at: '2026-02-02T00:00:00.000Z' }),
    ];
    const copy = await readAll(fileWith(JSON.stringify(ghost)));
    expect((copy[0] as { warnings: string[] }).warnings).toContain('2 comments left out: hidden or deleted on Ghost.');
    const read = postsOf(copy).find((found) => found.key === `ghost:post:${postId}`);
    expect(read?.comments).toEqual([
      {
        key: 'ghost:comment:c1',
        parentKey: null,
        authorName: 'Lan',
        authorEmail: 'lan@example.com',
        authorUrl: '',
        body: 'Mùa nào đẹp nhất?\n\nXem ảnh (https://example.com/a)\nnhé',
        state: 'approved',
        byOwner: false,
        createdAt: '2026-02-01T10:00:00.000Z',
      },
      expect.objectContaining({ key: 'ghost:comment:c5', parentKey: null, body: 'Cảm ơn' }),
      expect.objectContaining({
        key: 'ghost:comment:c2',
        parentKey: 'ghost:comment:c1',
        authorName: 'Minh Anh',
        body: 'Tháng 11.',
        byOwner: true,
      }),
    ]);
  });

  it('yields the site first (no origin: Ghost writes __GHOST_URL__), then the categories, then the posts', () => {
    expect(items[0]).toEqual({ type: 'site', origin: null, totalPosts: 14, warnings: [expect.any(String)] });
    const types = items.map((item) => item.type);
    expect(types.lastIndexOf('category')).toBeLessThan(types.indexOf('post'));
    expect(types.filter((type) => type === 'site')).toHaveLength(1);
    expect(types.filter((type) => type === 'redirect')).toHaveLength(0);
  });

  it('yields the 12 posts and 2 pages, with their keys, titles and slugs', () => {
    expect(posts.filter((p) => p.kind === 'post')).toHaveLength(12);
    expect(posts.filter((p) => p.kind === 'page').map((p) => p.slug)).toEqual(['gioi-thieu', 'lien-he']);
    expect(new Set(posts.map((p) => p.key)).size).toBe(14);
    expect(post('da-lat-mua-hoa-da-quy')).toMatchObject({
      key: 'ghost:post:6b06598ade83c74cc154ea4b',
      title: 'Đà Lạt mùa hoa dã quỳ',
    });
  });

  it('maps the states: published, draft (no date), scheduled, and the members-only post hidden with a warning', () => {
    expect(posts.filter((p) => p.state === 'published')).toHaveLength(11); // 9 posts + 2 pages
    expect(post('ke-hoach-viet-blog-nam-2027')).toMatchObject({ state: 'draft', publishedAt: null, oldPaths: [] });
    expect(post('tong-ket-nam-2026')).toMatchObject({
      state: 'scheduled',
      publishedAt: '2027-01-01T01:00:00.000Z',
      oldPaths: [],
    });
    const members = post('ban-tin-thanh-vien-thang-11-2026');
    expect(members.state).toBe('hidden');
    expect(members.warnings).toEqual([expect.stringContaining('members only')]);
    expect(post('da-lat-mua-hoa-da-quy')).toMatchObject({
      state: 'published',
      publishedAt: '2026-11-12T01:30:00.000Z',
      updatedAt: '2026-11-25T03:44:10.000Z',
    });
  });

  it('makes categories of the public tags that are some post’s primary tag, and keywords of the others', () => {
    const categories = categoriesOf(items);
    expect(categories.map((c) => c.slug)).toEqual([
      'du-lich',
      'ca-phe',
      'lap-trinh',
      'doc-sach',
      'cong-nghe',
      'seo',
      'ban-tin',
      'nhiep-anh',
      'ghi-chep',
    ]);
    expect(categories[0]).toEqual({
      type: 'category',
      key: 'ghost:tag:6b065989de83c74cc154ea2f',
      name: 'Du lịch',
      slug: 'du-lich',
      oldPaths: ['/tag/du-lich/'],
    });
    expect(items[0].type === 'site' && items[0].warnings[0]).toContain('Đà Lạt, Video, JavaScript, Kinh nghiệm');

    // Tags du-lich (primary), da-lat, then the internal #noi-bat, which is dropped.
    expect(post('da-lat-mua-hoa-da-quy')).toMatchObject({ categoryKey: categories[0].key, keywords: ['Đà Lạt'] });
    // A tag that is one post's primary tag is another's keyword.
    expect(post('chup-anh-hoang-hon-bang-dien-thoai').keywords).toEqual(['Du lịch']);
    expect(post('toi-uu-seo-cho-blog-ca-nhan-nhung-dieu-minh-da-lam').keywords).toEqual(['Công nghệ']);
    expect(post('ke-hoach-viet-blog-nam-2027')).toMatchObject({ categoryKey: null, keywords: [] });
    expect(post('gioi-thieu').categoryKey).toBeNull();
    expect(JSON.stringify(items)).not.toContain('noi-bat');
  });

  it('takes the feature image with its alt, and its HTML caption as text', () => {
    expect(post('da-lat-mua-hoa-da-quy').featuredImage).toEqual({
      url: '__GHOST_URL__/content/images/2026/11/da-lat-hoa-da-quy.jpg',
      alt: 'Đồi hoa dã quỳ vàng dưới bầu trời xanh',
      caption: 'Đồi dã quỳ ở Đà Lạt vào giữa tháng 11',
    });
    expect(post('pha-ca-phe-phin-dung-cach-co-video').featuredImage).toEqual({
      url: '__GHOST_URL__/content/images/2026/11/ca-phe-phin.jpg',
      alt: 'Cốc cà phê phin',
      caption: '',
    });
    expect(post('lien-he').featuredImage).toBeNull();
  });

  it('takes the custom excerpt as a paragraph, and the SEO title and description from posts_meta', () => {
    expect(post('toi-uu-seo-cho-blog-ca-nhan-nhung-dieu-minh-da-lam')).toMatchObject({
      excerptHtml: '<p>Năm thay đổi nhỏ giúp lượt truy cập từ tìm kiếm tăng gấp đôi trong ba tháng.</p>',
      metaTitle: 'Tối ưu SEO cho blog cá nhân (2026) | Sổ tay Minh Anh',
      metaDescription:
        'Năm thay đổi nhỏ về tiêu đề, mô tả, sitemap, ảnh và liên kết nội bộ giúp blog cá nhân tăng lượt truy cập từ tìm kiếm.',
      focusKeyword: '',
    });
    expect(post('da-lat-mua-hoa-da-quy')).toMatchObject({ excerptHtml: '', metaTitle: '', metaDescription: '' });
  });

  it('names the authors in the post’s order', () => {
    expect(post('chup-anh-hoang-hon-bang-dien-thoai').authors).toEqual(['Nguyễn Minh Anh', 'Trần Thu Hà']);
    expect(post('lien-he').authors).toEqual(['Nguyễn Minh Anh']);
  });

  it('gives the old paths of Ghost’s default routes: /{slug}/ and /{slug}/amp/ for posts, /{slug}/ for pages', () => {
    expect(post('da-lat-mua-hoa-da-quy').oldPaths).toEqual(['/da-lat-mua-hoa-da-quy/', '/da-lat-mua-hoa-da-quy/amp/']);
    expect(post('gioi-thieu').oldPaths).toEqual(['/gioi-thieu/']);
  });

  it('removes the HTML card comments and keeps the table between them', () => {
    const html = post('so-sanh-chi-phi-hosting-cho-blog-ca-nhan-nam-2026').html;
    expect(html).not.toContain('<!--');
    expect(html).toContain('<table><thead><tr><th>Phương án</th>');
    expect(html).toContain('<td>240.000 đ</td>');
  });

  it('turns the YouTube embed into our video with its caption, no frame', () => {
    const { html, warnings } = post('pha-ca-phe-phin-dung-cach-co-video');
    expect(html).not.toContain('iframe');
    expect(html).toContain(
      '<figure class="video" data-provider="youtube" data-id="Ns1tSoGK1lI"><a class="video-play" href="https://www.youtube.com/watch?v=Ns1tSoGK1lI">' +
        '<span class="video-title">YouTube video</span></a><figcaption>Video hướng dẫn pha cà phê phin (YouTube)</figcaption></figure>',
    );
    expect(warnings).toEqual([]);
  });

  it('keeps code blocks with their language and their text escaped', () => {
    const html = post('ghi-chu-javascript-debounce-va-throttle').html;
    expect(html).toContain('<pre><code class="language-javascript">function debounce(fn, wait = 200) {\n');
    expect(html).toContain(
      '<code class="language-bash">node --input-type=module -e "console.log(&lt;&amp;&gt; \'ok\')"',
    );
    expect(html).toContain('<code>scroll</code>');
  });

  it('keeps image cards and their addresses as Ghost wrote them, __GHOST_URL__ and srcset included', () => {
    const html = post('da-lat-mua-hoa-da-quy').html;
    expect(html).toContain('<img src="__GHOST_URL__/content/images/2026/11/da-lat-hoa-da-quy.jpg"');
    expect(html).toContain('srcset="__GHOST_URL__/content/images/size/w600/2026/11/da-lat-hoa-da-quy.jpg 600w,');
    expect(html).toContain('<figcaption>Hoa nở dày nhất ở sườn đồi hướng đông</figcaption></figure>');
    // Percent-encoded heading ids are left as they are.
    expect(html).toContain('<h2 id="%C4%91i-%C4%91%C3%A2u-%C4%91%E1%BB%83-ng%E1%BA%AFm-d%C3%A3-qu%E1%BB%B3">');
  });

  it('makes links to the old site’s own pages relative, so that they reach the old paths’ redirects', () => {
    expect(post('toi-uu-seo-cho-blog-ca-nhan-nhung-dieu-minh-da-lam').html).toContain(
      '<a href="/da-lat-mua-hoa-da-quy/">Đà Lạt mùa hoa dã quỳ</a>',
    );
  });

  it('warns that a canonical URL is not carried over', () => {
    expect(post('lazy-loading-anh-ghi-chu-ngan').warnings).toEqual([
      'Its canonical URL (https://dev.example.com/notes/lazy-loading-images) is not carried over.',
    ]);
  });

  it('renders each post’s Lexical to the same text, elements and headings as Ghost’s own html', () => {
    const rows = JSON.parse(readFileSync(FIXTURE, 'utf8')).db[0].data.posts as { slug: string; lexical: string }[];
    expect(rows).toHaveLength(14);
    for (const row of rows) {
      const fromLexical = cleanGhostHtml(renderLexical(JSON.parse(row.lexical), []), []);
      const fromGhost = post(row.slug).html;
      expect({ slug: row.slug, text: textOf(fromLexical) }).toEqual({ slug: row.slug, text: textOf(fromGhost) });
      expect(structureOf(fromLexical)).toEqual(structureOf(fromGhost));
    }
  });
});

describe('readGhost, on exports made for the test', () => {
  it('reads the older top-level {"meta","data"} shape too', async () => {
    const path = fileWith(JSON.stringify({ meta: { version: '4.48.9' }, data: { posts: [ghostPost()] } }));
    const items = await readAll(path);
    expect(items[0]).toMatchObject({ type: 'site', totalPosts: 1 });
    expect(postsOf(items)[0]).toMatchObject({ key: 'ghost:post:p1', slug: 'mot-bai', html: '<p>Nội dung</p>' });
  });

  it('takes as primary tag the public tag of lowest sort_order, whatever the rows’ order', async () => {
    const tags = [
      { id: 't1', name: '#noi-bat', slug: 'hash-noi-bat', visibility: 'internal' },
      { id: 't2', name: 'Sách', slug: 'sach', visibility: 'public' },
      { id: 't3', name: 'Cà phê', slug: 'ca-phe', visibility: 'public' },
    ];
    const posts_tags = [
      { id: 'a', post_id: 'p1', tag_id: 't2', sort_order: 2 },
      { id: 'b', post_id: 'p1', tag_id: 't1', sort_order: 0 },
      { id: 'c', post_id: 'p1', tag_id: 't3', sort_order: 1 },
    ];
    const items = await readAll(ghostExport({ posts: [ghostPost()], tags, posts_tags }));
    expect(categoriesOf(items).map((c) => c.key)).toEqual(['ghost:tag:t3']);
    expect(postsOf(items)[0]).toMatchObject({ categoryKey: 'ghost:tag:t3', keywords: ['Sách'] });
  });

  it('gives a page its tags as keywords, never a category', async () => {
    const items = await readAll(
      ghostExport({
        posts: [ghostPost({ type: 'page' })],
        tags: [{ id: 't1', name: 'Sách', slug: 'sach', visibility: 'public' }],
        posts_tags: [{ id: 'a', post_id: 'p1', tag_id: 't1', sort_order: 0 }],
      }),
    );
    expect(categoriesOf(items)).toEqual([]);
    expect(postsOf(items)[0]).toMatchObject({
      kind: 'page',
      categoryKey: null,
      keywords: ['Sách'],
      oldPaths: ['/mot-bai/'],
    });
  });

  it('takes Ghost 4’s SEO fields on the post itself, falling back to the Open Graph ones', async () => {
    expect(
      await onlyPost({ posts: [ghostPost({ meta_title: 'Tiêu đề SEO', og_description: 'Mô tả OG' })] }),
    ).toMatchObject({ metaTitle: 'Tiêu đề SEO', metaDescription: 'Mô tả OG' });
    const fromMeta = await onlyPost({
      posts: [ghostPost()],
      posts_meta: [{ id: 'm', post_id: 'p1', og_title: 'Tiêu đề OG', meta_description: 'Mô tả' }],
    });
    expect(fromMeta).toMatchObject({ metaTitle: 'Tiêu đề OG', metaDescription: 'Mô tả' });
  });

  it('hides paid and email-only posts with a warning; a members-only draft stays a draft, warned', async () => {
    const paid = await onlyPost({ posts: [ghostPost({ visibility: 'paid' })] });
    expect(paid).toMatchObject({ state: 'hidden', warnings: [expect.stringContaining('paying members only')] });
    const sent = await onlyPost({ posts: [ghostPost({ status: 'sent' })] });
    expect(sent).toMatchObject({ state: 'hidden', oldPaths: [], warnings: [expect.stringContaining('email only')] });
    const draft = await onlyPost({ posts: [ghostPost({ status: 'draft', visibility: 'members' })] });
    expect(draft).toMatchObject({ state: 'draft', publishedAt: null, warnings: [expect.stringContaining('members')] });
    const odd = await onlyPost({ posts: [ghostPost({ status: 'archived' })] });
    expect(odd).toMatchObject({ state: 'draft', warnings: [expect.stringContaining('status')] });
  });

  it('reads ISO dates with a zone and epoch milliseconds; an unreadable date is null, with a warning', async () => {
    const iso = await onlyPost({
      posts: [ghostPost({ published_at: '2026-01-02T10:04:05.000+07:00', updated_at: 0 })],
    });
    expect(iso).toMatchObject({ publishedAt: '2026-01-02T03:04:05.000Z', updatedAt: '1970-01-01T00:00:00.000Z' });
    const bad = await onlyPost({ posts: [ghostPost({ published_at: 'hôm qua' })] });
    expect(bad).toMatchObject({ publishedAt: null, warnings: [expect.stringContaining('publication date')] });
  });

  it('warns that code injection is not carried over', async () => {
    const post = await onlyPost({ posts: [ghostPost({ codeinjection_head: '<script>x()</script>' })] });
    expect(post.warnings).toEqual([expect.stringContaining('code injection')]);
  });

  it('renders the Lexical when html is null, and the Mobiledoc when both are', async () => {
    const lexical = JSON.stringify({
      root: { children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Từ Lexical', format: 1 }] }] },
    });
    const mobiledoc = JSON.stringify({
      version: '0.3.1',
      markups: [],
      atoms: [],
      cards: [],
      sections: [[1, 'p', [[0, [], 0, 'Từ Mobiledoc']]]],
    });
    expect((await onlyPost({ posts: [ghostPost({ html: null, lexical, mobiledoc })] })).html).toBe(
      '<p><strong>Từ Lexical</strong></p>',
    );
    expect((await onlyPost({ posts: [ghostPost({ html: null, mobiledoc })] })).html).toBe('<p>Từ Mobiledoc</p>');
  });

  it('keeps only the plain text, with a warning, of a Lexical that is not JSON or nested past reason', async () => {
    const plaintext = 'Đoạn một\n\nĐoạn <hai>';
    const broken = await onlyPost({ posts: [ghostPost({ html: null, lexical: '{"root":', plaintext })] });
    expect(broken).toMatchObject({
      html: '<p>Đoạn một</p><p>Đoạn &lt;hai&gt;</p>',
      warnings: [expect.stringContaining('Lexical body could not be read')],
    });
    const deep = '{"root":{"children":[' + '{"type":"quote","children":['.repeat(10_000) + ']}'.repeat(10_000) + ']}}';
    const nested = await onlyPost({ posts: [ghostPost({ html: null, lexical: deep, plaintext })] });
    expect(nested.warnings).toEqual([expect.stringContaining('Lexical body could not be read')]);
  });

  it('skips rows of the posts table that are not posts or pages, and counts only what it yields', async () => {
    const items = await readAll(
      ghostExport({ posts: [ghostPost(), 42, ghostPost({ id: 'p2', type: 'newsletter' }), ghostPost({ id: null })] }),
    );
    expect(items[0]).toMatchObject({ totalPosts: 1, warnings: [expect.stringContaining('3 rows')] });
    expect(postsOf(items)).toHaveLength(1);
  });

  it('treats a __proto__ key in a row as an ordinary key: no field is inherited through it', async () => {
    const path = fileWith(
      `{"db":[{"meta":{"version":"5.0.0"},"data":{"posts":[{"__proto__":{"type":"post"},"id":"p1","status":"published","slug":"a","html":"<p>x</p>"}]}}]}`,
    );
    const items = await readAll(path);
    expect(items[0]).toMatchObject({ totalPosts: 0 });
    expect(postsOf(items)).toEqual([]);
    expect(({} as Record<string, unknown>)['type']).toBeUndefined();
  });

  it('warns of an export from a Ghost newer than it knows, and reads it', async () => {
    const items = await readAll(ghostExport({ posts: [ghostPost()] }, '7.0.0'));
    expect(items[0]).toMatchObject({ warnings: [expect.stringContaining('Ghost 7.0.0')] });
    expect(postsOf(items)).toHaveLength(1);
  });
});

describe('readGhost refuses, before yielding anything, a file that is not a Ghost 4+ export', () => {
  itWithFixtures('a truncated export', async () => {
    const whole = readFileSync(FIXTURE);
    const error = await refusal(fileWith(whole.subarray(0, Math.floor(whole.length / 2)).toString('latin1')));
    expect(error.message).toMatch(/truncated/);
  });

  it('a file that is not JSON', async () => {
    const error = await refusal(fileWith('<?xml version="1.0"?><rss version="2.0"></rss>'));
    expect(error.message).toMatch(/not valid JSON/);
    expect((await refusal(fileWith('{"db": [1, 2]} trailing'))).message).toMatch(/not valid JSON/);
  });

  it('an empty file', async () => {
    expect((await refusal(fileWith(''))).message).toMatch(/empty/);
  });

  it('JSON that is not a Ghost export', async () => {
    for (const json of ['[]', '"text"', '{"posts":[]}', '{"db":[{"meta":{"version":"5.0.0"},"data":{}}]}']) {
      expect((await refusal(fileWith(json))).message).toMatch(/not a Ghost export/);
    }
    expect((await refusal(fileWith('{"db":[{"meta":{"version":"5.0.0"},"data":{"posts":{}}}]}'))).message).toMatch(
      /not a list/,
    );
  });

  it('JSON nested a hundred thousand levels deep, without overflowing the stack', async () => {
    expect((await refusal(fileWith('['.repeat(100_000) + ']'.repeat(100_000)))).message).toMatch(/not a Ghost export/);
  });

  it('an export of Ghost 3 or older, or one that does not say its version', async () => {
    const error = await refusal(ghostExport({ posts: [ghostPost()] }, '3.42.9'));
    expect(error.message).toBe(
      'This export was made by Ghost 3.42.9: only exports of Ghost 4 or later can be imported. Update the Ghost site, then export it again.',
    );
    expect((await refusal(ghostExport({ posts: [ghostPost()] }, '003'))).message).toMatch(/Ghost 003/);
    expect((await refusal(ghostExport({ posts: [ghostPost()] }, null))).message).toMatch(/meta\.version/);
  });

  it('a file over the size limit', async () => {
    expect(GHOST_EXPORT_MAX_BYTES).toBe(512 * 1024 * 1024);
    const path = ghostExport({ posts: [ghostPost()] });
    expect((await refusal(path, { maxBytes: 100 })).message).toMatch(/larger than 100 bytes/);
  });
});
