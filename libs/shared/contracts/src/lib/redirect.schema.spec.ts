import { isUnredirectedPath, normaliseRedirectPath, redirectFromPathSchema } from './redirect.schema';

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

describe('isUnredirectedPath', () => {
  it.each([
    ['/api', true],
    ['/api/posts', true],
    ['/api?x', true],
    ['/trpc/posts.home', true],
    ['/uploads/a.jpg', true],
    ['/admin/', true],
    ['/administrator', false],
    ['/apis', false],
    ['/blog/api', false],
  ])('%s → %s', (path, answer) => expect(isUnredirectedPath(path)).toBe(answer));
});

describe('redirectFromPathSchema', () => {
  it('answers the normalised path', () => {
    expect(redirectFromPathSchema.parse(' /Old-Post/?utm=1 ')).toBe('/Old-Post');
  });

  it.each(['old', 'http://a.example/x', '//a.example', '/\\a.example', '/', '/?x=1', '/api/x', '/a b'])(
    'refuses %s',
    (path) => expect(redirectFromPathSchema.safeParse(path).success).toBe(false),
  );
});
