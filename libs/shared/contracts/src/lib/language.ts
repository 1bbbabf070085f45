/**
 * The languages of the site's content and pages. Free of zod, so that the public pages can import it.
 * The default language's pages are unprefixed (`/about`); another language's live under its code
 * (`/vi/about`, `/vi` for its home).
 */

/** Every language the site knows, in this order. */
export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
/** A site's default until General information says otherwise: every address of the spec stays as it is. */
export const DEFAULT_LANGUAGE: Language = 'en';
/** Each language named in itself (a switcher's, a list's label). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', vi: 'Tiếng Việt' };
/** `og:locale` of each language. */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en_US', vi: 'vi_VN' };
/** `?lang=vi` on the public REST reads (`lang` in the tRPC inputs): absent is the site's default language. */
export const LANG_PARAM = 'lang';

/** The languages a site runs, in `LANGUAGES`' order, and its default one (among them): its pages have no prefix. */
export interface SiteLanguageSet {
  defaultLanguage: Language;
  languages: Language[];
}

/**
 * The site's languages as General information's record names them; without it (a site not set up yet),
 * every language, English the default, as the columns' defaults give a new record.
 */
export function siteLanguagesOf(
  record?: { default_language: Language; languages: readonly Language[] } | null,
): SiteLanguageSet {
  return {
    defaultLanguage: record?.default_language ?? DEFAULT_LANGUAGE,
    languages: [...(record?.languages ?? LANGUAGES)],
  };
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** '/about' in `language` on a site whose default is `defaultLanguage`: '/about' or '/vi/about'; '/' → '/vi'. */
export function languagePath(path: string, language: Language, defaultLanguage: Language): string {
  if (language === defaultLanguage) return path;
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

/** '/vi/about' → { language: 'vi', path: '/about' }; '/vi' → { language: 'vi', path: '/' }; '/about' → { language: null, path: '/about' }. */
export function splitLanguagePath(path: string): { language: Language | null; path: string } {
  const match = /^\/([^/?#]+)(.*)$/s.exec(path);
  if (match && isLanguage(match[1]) && (match[2] === '' || /^[/?#]/.test(match[2]))) {
    const rest = match[2];
    return { language: match[1], path: rest === '' || /^[?#]/.test(rest) ? `/${rest}` : rest };
  }
  return { language: null, path };
}
