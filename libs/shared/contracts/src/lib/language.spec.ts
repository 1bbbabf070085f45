import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, languagePath, siteLanguagesOf, splitLanguagePath } from './language';
import { isReservedPostSlug } from './site-routes';

describe('languages', () => {
  it('knows English and Vietnamese, English the default', () => {
    expect(LANGUAGES).toEqual(['en', 'vi']);
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect([isLanguage('vi'), isLanguage('en'), isLanguage('fr'), isLanguage('VI'), isLanguage(undefined)]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it("gives the site's languages as General information names them, else every language, English the default", () => {
    expect(siteLanguagesOf({ default_language: 'vi', languages: ['vi'] })).toEqual({
      defaultLanguage: 'vi',
      languages: ['vi'],
    });
    expect(siteLanguagesOf(undefined)).toEqual({ defaultLanguage: 'en', languages: ['en', 'vi'] });
    expect(siteLanguagesOf(null)).toEqual({ defaultLanguage: 'en', languages: ['en', 'vi'] });
  });

  it.each([
    ['/about', 'en', 'en', '/about'],
    ['/about', 'vi', 'en', '/vi/about'],
    ['/', 'vi', 'en', '/vi'],
    ['/', 'en', 'en', '/'],
    ['/about', 'en', 'vi', '/en/about'],
    ['/search?key=a', 'vi', 'en', '/vi/search?key=a'],
  ] as const)('puts %s in %s (default %s) at %s', (path, language, defaultLanguage, expected) => {
    expect(languagePath(path, language, defaultLanguage)).toBe(expected);
  });

  it.each([
    ['/vi/about', { language: 'vi', path: '/about' }],
    ['/vi', { language: 'vi', path: '/' }],
    ['/vi/', { language: 'vi', path: '/' }],
    ['/vi?page=2', { language: 'vi', path: '/?page=2' }],
    ['/en/category/travel', { language: 'en', path: '/category/travel' }],
    ['/about', { language: null, path: '/about' }],
    ['/vietnam', { language: null, path: '/vietnam' }],
    ['/', { language: null, path: '/' }],
  ])('splits %s', (path, expected) => {
    expect(splitLanguagePath(path)).toEqual(expected);
  });

  it('keeps posts off the languages’ addresses', () => {
    expect(LANGUAGES.every(isReservedPostSlug)).toBe(true);
  });
});
