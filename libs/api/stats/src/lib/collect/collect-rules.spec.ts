import { classifyVisit } from './visit-source';
import { estimateVisitors, VISITOR_MARKS } from '../visitors';
import { markOf, visitorHash } from './visitors';
import { statsPageOf } from './stats-page';

const SITE = 'blog.example.vn';
const none = new URLSearchParams();
const sourceOf = (referrer: string | undefined, query = none) => classifyVisit(referrer, query, SITE);

describe('the source of a visit (classifyVisit)', () => {
  it.each([
    ['https://www.google.com/', 'search', 'google.com'],
    ['https://www.google.com.vn/search?q=h%C3%A0+giang', 'search', 'google.com.vn'],
    ['https://coccoc.com/search?query=homestay', 'search', 'coccoc.com'],
    ['https://www.bing.com/', 'search', 'bing.com'],
    ['https://duckduckgo.com/', 'search', 'duckduckgo.com'],
    ['https://l.facebook.com/l.php?u=https%3A%2F%2Fblog.example.vn%2F', 'facebook', 'l.facebook.com'],
    ['https://m.facebook.com/', 'facebook', 'm.facebook.com'],
    ['https://lm.facebook.com/', 'facebook', 'lm.facebook.com'],
    ['https://chat.zalo.me/', 'zalo', 'chat.zalo.me'],
    ['https://zalo.me/g/abc', 'zalo', 'zalo.me'],
    ['https://www.youtube.com/watch?v=x', 'youtube', 'youtube.com'],
    ['https://youtu.be/x', 'youtube', 'youtu.be'],
    ['https://news.ycombinator.com/item?id=1', 'sites', 'news.ycombinator.com'],
    // Only the host, never the path or query of another site's address.
    ['https://notgoogle.com/private/path?token=1', 'sites', 'notgoogle.com'],
  ])('%s is an entry from %s (%s)', (referrer, source, name) => {
    expect(sourceOf(referrer)).toEqual({ entry: true, source: { source, name }, campaign: null });
  });

  it('counts no referrer (typed, a bookmark, an app) as direct, and an unreadable one too', () => {
    expect(sourceOf(undefined)).toEqual({ entry: true, source: { source: 'direct', name: null }, campaign: null });
    expect(sourceOf('android-app://com.zing.zalo/')).toMatchObject({ source: { source: 'direct' } });
  });

  it("counts a view from the site's own pages as no entry", () => {
    expect(sourceOf(`https://${SITE}/posts`)).toEqual({ entry: false, source: null, campaign: null });
    expect(sourceOf(`https://www.${SITE}/posts`)).toMatchObject({ entry: false });
  });

  it('takes utm_source or ref first (its value as the name, grouped), and utm_campaign', () => {
    const tagged = (params: string, referrer?: string) => sourceOf(referrer, new URLSearchParams(params));
    expect(tagged('utm_source=Facebook&utm_campaign=tet-2027', 'https://l.facebook.com/')).toEqual({
      entry: true,
      source: { source: 'facebook', name: 'facebook' },
      campaign: 'tet-2027',
    });
    expect(tagged('utm_source=zalo')).toMatchObject({ source: { source: 'zalo', name: 'zalo' } });
    expect(tagged('ref=google')).toMatchObject({ source: { source: 'search', name: 'google' } });
    expect(tagged('ref=newsletter')).toMatchObject({ source: { source: 'sites', name: 'newsletter' } });
    expect(tagged('utm_source=fb')).toMatchObject({ source: { source: 'facebook' } });
  });
});

describe('the visitors of a day (marks, linear counting)', () => {
  it('estimates from the marks taken: exact while few, close when many share marks', () => {
    expect(estimateVisitors(0)).toBe(0);
    expect(estimateVisitors(1)).toBe(1);
    expect(estimateVisitors(100)).toBe(100);
    // 50 000 visitors take M (1 - e^(-50 000 / M)) ≈ 41 572 marks, M = 131 072.
    expect(Math.abs(estimateVisitors(41_572) - 50_000)).toBeLessThan(50);
    expect(estimateVisitors(VISITOR_MARKS)).toBeGreaterThan(1_000_000);
  });

  it('hashes the salt, address, agent and site; a mark is its first 17 bits', () => {
    const salt = Buffer.alloc(32, 7);
    const hash = visitorHash(salt, '203.0.113.9', 'Firefox', SITE);
    expect(hash).toHaveLength(32);
    expect(visitorHash(Buffer.alloc(32, 8), '203.0.113.9', 'Firefox', SITE).equals(hash)).toBe(false);
    expect(markOf(Buffer.from([0xff, 0xff, 0xff]))).toBe(VISITOR_MARKS - 1);
    expect(markOf(Buffer.from([0x80, 0x00, 0x80]))).toBe(VISITOR_MARKS / 2 + 1);
  });
});

describe('the page a view counts for (statsPageOf)', () => {
  it("keeps the page's own parameters, takes the search term out, and skips an overlong path", () => {
    expect(statsPageOf('/posts?page=2&utm_source=x')).toMatchObject({ path: '/posts?page=2', searchTerm: null });
    expect(statsPageOf('/search?key=%20H%C3%A0%20Giang%20')).toMatchObject({ path: '/search', searchTerm: 'hà giang' });
    expect(statsPageOf('/contact?sent=1&project=homestay')).toMatchObject({ path: '/contact' });
    expect(statsPageOf(`/${'a'.repeat(300)}`)).toBeNull();
  });
});
