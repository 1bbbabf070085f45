import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGE_LOCALES, languagePath, type Language } from '@blog/contracts';
import { UiWordsContext, type UiWords } from '@blog/web/ui';
import { translatorOf, type Translate } from './i18n';

/** The language of the page being rendered, and the site's default one (the language of the unprefixed paths). */
export interface PageLanguage {
  language: Language;
  defaultLanguage: Language;
}

/** Set by the route (`/vi/…` pages are Vietnamese; the others are in the site's default language). */
export const LanguageContext = createContext<PageLanguage>({
  language: DEFAULT_LANGUAGE,
  defaultLanguage: DEFAULT_LANGUAGE,
});

export function usePageLanguage(): PageLanguage {
  return useContext(LanguageContext);
}

/**
 * The `lang` of the page's public reads: its language on a `/{code}/…` page, none on the site's
 * default language's pages (the server answers those in the default language, as the spec's calls).
 */
export function useReadLanguage(): Language | undefined {
  const { language, defaultLanguage } = useContext(LanguageContext);
  return language === defaultLanguage ? undefined : language;
}

/** The input of a read that takes nothing but the language: none on a default-language page. */
export const langInput = (lang: Language | undefined) => (lang ? { lang } : undefined);

/** The page's words: `t('layout.home')`. */
export function useT(): Translate {
  return translatorOf(useContext(LanguageContext).language);
}

/** A site path in the page's language: `/about` on a Vietnamese page is `/vi/about`. */
export function useLocalPath(): (path: string) => string {
  const { language, defaultLanguage } = useContext(LanguageContext);
  return (path) => languagePath(path, language, defaultLanguage);
}

/** `en_US` → `en-US`: the locale `Intl` writes a language's dates in. */
const dateLocaleOf = (language: Language) => LANGUAGE_LOCALES[language].replace('_', '-');

const uiWords = new Map<string, UiWords>();

/** The shared components' words in `language` (made once per language and default). */
function uiWordsOf({ language, defaultLanguage }: PageLanguage): UiWords {
  const key = `${language}:${defaultLanguage}`;
  let words = uiWords.get(key);
  if (!words) {
    const t = translatorOf(language);
    words = {
      dateLocale: dateLocaleOf(language),
      localPath: (path, other = language) => languagePath(path, other, defaultLanguage),
      readingTime: (count) => t('ui.readingTime', { count }),
      commentCount: (count) => t('ui.commentCount', { count }),
      color: t('ui.color'),
      price: t('ui.price'),
      previousPage: t('ui.previousPage'),
      nextPage: t('ui.nextPage'),
      page: (page) => t('ui.page', { page }),
      breadcrumb: t('ui.breadcrumb'),
      loading: t('ui.loading'),
      tryAgain: t('ui.tryAgain'),
      tryingAgain: t('ui.tryingAgain'),
      scrollToTop: t('ui.scrollToTop'),
    };
    uiWords.set(key, words);
  }
  return words;
}

/** A page in `language`: its words, its links and the shared components' words. */
export function LanguageProvider({ children, ...page }: PageLanguage & { children: ReactNode }) {
  return (
    <LanguageContext value={page}>
      <UiWordsContext value={uiWordsOf(page)}>{children}</UiWordsContext>
    </LanguageContext>
  );
}
