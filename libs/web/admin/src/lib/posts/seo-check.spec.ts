import { SITE_NAME } from '@blog/contracts';
import { galleryHtml, videoFacadeHtml } from '@blog/shared/html';
import {
  containsKeyword,
  contentFacts,
  isInternalLink,
  searchPreview,
  seoChecks,
  truncateForPreview,
  visibleLength,
  type SeoFields,
} from './seo-check';

const ORIGIN = 'https://blog.example.com';
const FIELDS: SeoFields = {
  title: 'Hà Giang mùa hoa tam giác mạch',
  slug: 'ha-giang-mua-hoa-tam-giac-mach',
  content: '<p>Đường lên Hà Giang quanh co.</p>',
  meta_title: '',
  meta_description: '',
  meta_keywords: '',
};

const stateOf = (checks: ReturnType<typeof seoChecks>, id: string) => checks.find((check) => check.id === id);

describe('containsKeyword', () => {
  it('finds a keyword with or without accents, đ folded, as whole words', () => {
    expect(containsKeyword('Hà Giang mùa hoa', 'ha giang')).toBe(true);
    expect(containsKeyword('ha-giang-mua-hoa', 'Hà Giang')).toBe(true);
    expect(containsKeyword('Đường lên Đồng Văn', 'duong len')).toBe(true);
    expect(containsKeyword('Đường lên Đồng Văn', 'dong van')).toBe(true);
    expect(containsKeyword('HÀ GIANG!', 'hà giang')).toBe(true);
    // Whole words only: "ha" is not found inside "hang".
    expect(containsKeyword('Hang Sơn Đoòng', 'ha')).toBe(false);
    expect(containsKeyword('Hà Nội', 'ha giang')).toBe(false);
    expect(containsKeyword('Hà Giang', '  ')).toBe(false);
  });
});

describe('visibleLength', () => {
  it('counts composed characters, whichever way the accents were typed', () => {
    const decomposed = 'Hà Giang'.normalize('NFD');
    expect(decomposed.length).toBeGreaterThan(8);
    expect(visibleLength(decomposed)).toBe(8);
    expect(visibleLength('Tiếng Việt')).toBe(10);
  });
});

describe('seoChecks: lengths', () => {
  const titleCheck = (title: string) =>
    stateOf(seoChecks({ ...FIELDS, meta_title: title }, '', ORIGIN), 'title-length');
  const descriptionCheck = (description: string) =>
    stateOf(seoChecks({ ...FIELDS, meta_description: description }, '', ORIGIN), 'description-length');

  it('wants a title of 30 to 60 characters, the meta title before the title', () => {
    expect(titleCheck('ầ'.repeat(29))).toMatchObject({
      state: 'improve',
      text: expect.stringContaining('29 characters, too short'),
    });
    expect(titleCheck('ầ'.repeat(30))).toMatchObject({ state: 'good', text: expect.stringContaining('30 characters') });
    expect(titleCheck('ầ'.normalize('NFD').repeat(60))).toMatchObject({
      state: 'good',
      text: expect.stringContaining('60 characters'),
    });
    expect(titleCheck('ầ'.repeat(61))).toMatchObject({
      state: 'improve',
      text: expect.stringContaining('61 characters, too long'),
    });
    // Without a meta title, the title is measured.
    expect(titleCheck('')).toMatchObject({
      state: 'good',
      text: expect.stringContaining(`${FIELDS.title.length} characters`),
    });
    expect(stateOf(seoChecks({ ...FIELDS, title: ' ' }, '', ORIGIN), 'title-length')?.state).toBe('problem');
  });

  it('wants a description of 70 to 160 characters', () => {
    expect(descriptionCheck('đ'.repeat(69))?.state).toBe('improve');
    expect(descriptionCheck('đ'.repeat(70))?.state).toBe('good');
    expect(descriptionCheck('đ'.repeat(160))?.state).toBe('good');
    expect(descriptionCheck('đ'.repeat(161))).toMatchObject({
      state: 'improve',
      text: expect.stringContaining('too long'),
    });
    expect(descriptionCheck('   ')).toMatchObject({
      state: 'problem',
      text: expect.stringContaining('No meta description'),
    });
  });
});

describe('seoChecks: focus keyword', () => {
  it('says where a keyword typed without accents is found', () => {
    const checks = seoChecks({ ...FIELDS, meta_description: 'Một chuyến đi Hà Giang' }, 'ha giang', ORIGIN);
    expect(stateOf(checks, 'keyword-title')).toMatchObject({ state: 'good', text: 'Focus keyword found in the title' });
    expect(stateOf(checks, 'keyword-slug')?.state).toBe('good');
    expect(stateOf(checks, 'keyword-description')?.state).toBe('good');
    expect(stateOf(checks, 'keyword-first-paragraph')?.state).toBe('good');
  });

  it('says where it is missing, the meta title checked when there is one', () => {
    const checks = seoChecks(
      { ...FIELDS, meta_title: 'Mùa hoa', slug: 'mua-hoa', content: '<h2></h2><p>Mùa hoa</p><p>Hà Giang</p>' },
      'hà giang',
      ORIGIN,
    );
    expect(stateOf(checks, 'keyword-title')).toMatchObject({
      state: 'improve',
      text: 'Focus keyword not found in the meta title',
    });
    expect(stateOf(checks, 'keyword-slug')?.state).toBe('improve');
    expect(stateOf(checks, 'keyword-description')?.state).toBe('improve');
    // Only the first paragraph with text counts.
    expect(stateOf(checks, 'keyword-first-paragraph')?.state).toBe('improve');
  });

  it('asks for a keyword while there is none', () => {
    const checks = seoChecks(FIELDS, ' ', ORIGIN);
    expect(stateOf(checks, 'keyword')?.state).toBe('improve');
    expect(stateOf(checks, 'keyword-title')).toBeUndefined();
  });
});

describe('seoChecks: content', () => {
  it('warns of an H1 in the content', () => {
    expect(stateOf(seoChecks({ ...FIELDS, content: '<h1>Hà Giang</h1><p>x</p>' }, '', ORIGIN), 'h1')).toMatchObject({
      state: 'problem',
      text: expect.stringContaining('1 H1 heading'),
    });
    expect(stateOf(seoChecks({ ...FIELDS, content: '<h2>Hà Giang</h2>' }, '', ORIGIN), 'h1')?.state).toBe('good');
  });

  it('names the images without alt text by their src', () => {
    const content =
      '<p><img src="/uploads/a.webp" alt="Ruộng bậc thang"><img src="/uploads/b.webp"><img src="/uploads/c.webp" alt="  "></p>';
    expect(contentFacts(content, ORIGIN).imagesWithoutAlt).toEqual(['/uploads/b.webp', '/uploads/c.webp']);
    expect(stateOf(seoChecks({ ...FIELDS, content }, '', ORIGIN), 'image-alt')).toMatchObject({
      state: 'problem',
      text: '2 images without alt text: /uploads/b.webp, /uploads/c.webp',
    });
    expect(stateOf(seoChecks(FIELDS, '', ORIGIN), 'image-alt')?.state).toBe('good');
  });

  it('counts links to this site, not to others', () => {
    expect(isInternalLink('/ha-giang', ORIGIN)).toBe(true);
    expect(isInternalLink('https://blog.example.com/category/story', ORIGIN)).toBe(true);
    expect(isInternalLink('https://example.com/ha-giang', ORIGIN)).toBe(false);
    expect(isInternalLink('//other.example/ha-giang', ORIGIN)).toBe(false);
    expect(isInternalLink('http://blog.example.com/x', ORIGIN)).toBe(false);
    expect(isInternalLink('mailto:a@blog.example.com', ORIGIN)).toBe(false);
    expect(isInternalLink('#phan-2', ORIGIN)).toBe(false);
    const content =
      '<p><a href="/da-lat">Đà Lạt</a> <a href="https://blog.example.com/hoi-an">Hội An</a> <a href="https://vi.wikipedia.org">Wiki</a></p>';
    expect(stateOf(seoChecks({ ...FIELDS, content }, '', ORIGIN), 'internal-links')).toMatchObject({
      state: 'good',
      text: '2 internal links to this site',
    });
    const external = '<p><a href="https://vi.wikipedia.org">Wiki</a></p>';
    expect(stateOf(seoChecks({ ...FIELDS, content: external }, '', ORIGIN), 'internal-links')?.state).toBe('improve');
  });

  it("leaves out a gallery's photo links and a video's picture: they are not pages or content images", () => {
    const content =
      galleryHtml([
        { url: '/uploads/ha-giang.webp', alt: 'Ruộng bậc thang' },
        { url: '/uploads/ha-long.webp', alt: 'Vịnh Hạ Long' },
      ]) +
      videoFacadeHtml({ provider: 'youtube', id: 'dQw4w9WgXcQ', title: 'Hà Giang', poster: '/uploads/poster.webp' });
    expect(isInternalLink('/uploads/ha-giang.webp', ORIGIN)).toBe(false);
    expect(contentFacts(content, ORIGIN)).toMatchObject({ imagesWithoutAlt: [], internalLinks: 0 });
    const checks = seoChecks({ ...FIELDS, content }, '', ORIGIN);
    expect(stateOf(checks, 'image-alt')?.state).toBe('good');
    expect(stateOf(checks, 'internal-links')?.state).toBe('improve');
    // A gallery's photo without alt text is still one.
    expect(contentFacts(galleryHtml([{ url: '/uploads/hue.webp' }]), ORIGIN).imagesWithoutAlt).toEqual([
      '/uploads/hue.webp',
    ]);
  });

  it('counts Vietnamese syllables as words, between tags and non-breaking spaces too', () => {
    expect(contentFacts('<p>Đường lên Hà&nbsp;Giang</p><p>quanh<b>co</b></p>', ORIGIN).words).toBe(6);
    expect(contentFacts('', ORIGIN).words).toBe(0);
    const long = `<p>${'tiếng '.repeat(300)}</p>`;
    expect(stateOf(seoChecks({ ...FIELDS, content: long }, '', ORIGIN), 'words')).toMatchObject({
      state: 'good',
      text: '300 words in the content',
    });
    expect(stateOf(seoChecks(FIELDS, '', ORIGIN), 'words')?.state).toBe('improve');
  });
});

describe('previews', () => {
  it('cut a long title at a word with an ellipsis', () => {
    expect(truncateForPreview('ngắn', 60)).toBe('ngắn');
    const long = 'Hà Giang mùa hoa tam giác mạch, đường đèo Mã Pí Lèng và sông Nho Quế xanh biếc';
    const cut = truncateForPreview(long, 60);
    expect(visibleLength(cut)).toBeLessThanOrEqual(60);
    expect(cut).toMatch(/\S…$/);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
  });

  it('show the search result like the post page head: meta title, else title, else the site name', () => {
    expect(searchPreview({ ...FIELDS, meta_description: 'Mùa hoa' }, ORIGIN, SITE_NAME)).toEqual({
      title: FIELDS.title,
      url: 'blog.example.com › ha-giang-mua-hoa-tam-giac-mach',
      description: 'Mùa hoa',
    });
    expect(searchPreview({ ...FIELDS, title: '', slug: '' }, ORIGIN, SITE_NAME)).toEqual({
      title: SITE_NAME,
      url: 'blog.example.com',
      description: SITE_NAME,
    });
  });
});
