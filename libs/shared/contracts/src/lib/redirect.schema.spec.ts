import {
  normaliseRedirectPath,
  redirectFromPathSchema,
  redirectInputSchema,
  redirectTargetOf,
  routeShadowedBy,
  storedRedirectTarget,
} from './redirect.schema';
import { RESERVED_POST_SLUGS, siteRouteOf } from './site-routes';

describe('normaliseRedirectPath', () => {
  it.each([
    ['/a/', '/a'],
    ['/a//', '/a'],
    ['/', '/'],
    ['/#top', '/'],
    ['/ti%E1%BA%BFng-anh', '/tiếng-anh'],
    ['/ti%e1%ba%bfng-anh', '/tiếng-anh'],
    ['/tiếng-anh/', '/tiếng-anh'],
    // What would change the path's meaning, or cannot be seen, stays encoded (in upper case).
    ['/a%2fb', '/a%2Fb'],
    ['/a%3Fb', '/a%3Fb'],
    ['/100%25', '/100%25'],
    ['/a%20b', '/a%20b'],
    ['/a b', '/a%20b'],
    ['/a%00b', '/a%00b'],
    // Not UTF-8: left as sent.
    ['/a%FFb', '/a%FFb'],
    ['/a%zz', '/a%zz'],
    ['/old?utm_source=x', '/old'],
    ['/?p=12&utm_source=x', '/?p=12'],
    ['/?utm_source=x&page_id=3', '/?page_id=3'],
    ['/archive/?cat=4#x', '/archive?cat=4'],
    ['/?attachment_id=9', '/?attachment_id=9'],
    ['/?p=', '/'],
    ['/?p=a%20b', '/?p=a%20b'],
  ])('%s → %s', (path, normalised) => {
    expect(normaliseRedirectPath(path)).toBe(normalised);
    // Normalising twice changes nothing: the stored form and a request's meet.
    expect(normaliseRedirectPath(normalised)).toBe(normalised);
  });
});

describe('siteRouteOf', () => {
  it.each([
    ['/', '/'],
    ['/about', '/about'],
    ['/About/', '/about'],
    ['/posts?page=2', '/posts'],
    ['/category/travel', '/category/:slug'],
    ['/preview/abc', '/preview/:token'],
    ['/login/', '/login'],
    ['/admin', '/admin/*'],
    ['/admin/posts/1', '/admin/*'],
    ['/api', '/api/*'],
    ['/api?x', '/api/*'],
    ['/trpc/posts.home', '/trpc/*'],
    ['/uploads/a.jpg', '/uploads/*'],
    ['/rss.xml', '/rss.xml'],
    // One address wins over a route of everything under its path.
    ['/Portfolio/rss.xml/', '/portfolio/rss.xml'],
    ['/sitemap-posts-3.xml', '/sitemap-posts-:file.xml'],
    ['/robots.txt', '/robots.txt'],
    ['/portfolio', '/portfolio'],
    ['/portfolio/homestay-booking', '/portfolio/:slug'],
    ['/Services/', '/services'],
  ])('%s is the route %s', (path, route) => expect(siteRouteOf(path)?.route).toBe(route));

  it.each([
    '/ha-giang-loop',
    '/administrator',
    '/apis',
    '/blog/api',
    '/about-me',
    '/category/du-lịch',
    '/category/a/b',
    '/portfolio-2',
    '/services/web',
  ])('%s is no route of the site', (path) => expect(siteRouteOf(path)).toBeUndefined());

  it('gives the post slugs their reserved first segments', () => {
    expect(RESERVED_POST_SLUGS).toEqual(expect.arrayContaining(['about', 'admin', 'api', 'category', 'preview']));
    expect(RESERVED_POST_SLUGS).not.toContain('');
  });
});

describe('routeShadowedBy', () => {
  it.each(['/about', '/category/travel', '/login', '/api?p=1', '/admin?page_id=3', '/', '/portfolio', '/services'])(
    '%s would hide a route',
    (path) => expect(routeShadowedBy(path)).toBeDefined(),
  );

  // A public page asked with a kept query key is another address: the page itself stays.
  it.each(['/?p=12', '/?page_id=3', '/old-post', '/category/a/b'])('%s hides none', (path) =>
    expect(routeShadowedBy(path)).toBeUndefined(),
  );
});

describe('redirectTargetOf', () => {
  it.each([
    ['/new', '/new'],
    ['/a//b///c', '/a/b/c'],
    ['/a/./b/../c', '/a/c'],
    ['/a/b/..', '/a/'],
    ['/..', '/'],
    ['/../../etc', '/etc'],
    ['/a/%2e%2E/b', '/b'],
    ['/.//evil.example', '/evil.example'],
    ['/tiếng-anh?x=1#top', '/tiếng-anh?x=1#top'],
    ['/search?next=//evil.example', '/search?next=//evil.example'],
  ])('%s leads to %s', (to, path) => {
    expect(redirectTargetOf(to)).toEqual({ path });
    expect(redirectTargetOf(path)).toEqual({ path });
  });

  it.each([
    'https://evil.example/login',
    '//evil.example/x',
    '/\\evil',
    '/a\\b',
    'https:evil.example',
    'javascript:alert(1)',
    'evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/a b',
    '',
  ])('refuses %j', (to) => expect(redirectTargetOf(to).error).toMatch(/must/));
});

describe('redirectInputSchema', () => {
  it('names the field and the reason', () => {
    const result = redirectInputSchema.safeParse({ from_path: '/login', to_path: '//evil.example/x' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['from_path', 'must not be an address of the site itself (/login): a redirect would hide it'],
      ['to_path', 'must be a path on this site, not another host'],
    ]);
  });

  it('stores the target normalised', () => {
    expect(redirectInputSchema.parse({ from_path: '/old/', to_path: '/a//b/../c' })).toEqual({
      from_path: '/old',
      to_path: '/a/c',
      status_code: 301,
    });
  });
});

describe('storedRedirectTarget', () => {
  it('says why a stored row is not served, or where it leads', () => {
    expect(storedRedirectTarget({ from_path: '/old', to_path: '/\\evil' })).toEqual({
      error: 'to_path must be a path on this site, not another host',
    });
    expect(storedRedirectTarget({ from_path: '/About/', to_path: '/x' }).error).toMatch(/\(\/about\)/);
    expect(storedRedirectTarget({ from_path: '/old', to_path: '/a//new' })).toEqual({ path: '/a/new' });
  });
});

describe('redirectFromPathSchema', () => {
  it('answers the normalised path', () => {
    expect(redirectFromPathSchema.parse(' /Old-Post/?utm=1 ')).toBe('/Old-Post');
  });

  it.each([
    'old',
    'http://a.example/x',
    '//a.example',
    '/\\a.example',
    '/',
    '/?x=1',
    '/api/x',
    '/a b',
    '/about',
    '/About/',
  ])('refuses %s', (path) => expect(redirectFromPathSchema.safeParse(path).success).toBe(false));
});
