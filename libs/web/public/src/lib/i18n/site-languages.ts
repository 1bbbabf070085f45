import { languagePath, siteLanguagesOf, type Language } from '@blog/contracts';
import type { WorkLanguages } from '../head/structured-data';
import { useGeneralInfo } from '../layout/use-general-info';
import { usePageLanguage } from './language-context';

/** A version of the page: its language and its site path (`/slug`, `/vi/slug`). */
export interface PageVersion {
  language: Language;
  path: string;
}

/** The languages the site runs and its default one (`siteLanguagesOf`). `isPending` until General information is read. */
export function useSiteLanguages(): { languages: readonly Language[]; defaultLanguage: Language; isPending: boolean } {
  const { info, isPending } = useGeneralInfo();
  return { ...siteLanguagesOf(info), isPending };
}

/**
 * The other versions of a page that is the same in every language the site runs (home, lists,
 * contact, portfolio, services): `path` (unprefixed) in each other language.
 */
export function usePathTranslations(path: string): PageVersion[] {
  const { languages } = useSiteLanguages();
  const { language, defaultLanguage } = usePageLanguage();
  return languages
    .filter((other) => other !== language)
    .map((other) => ({ language: other, path: languagePath(path, other, defaultLanguage) }));
}

/**
 * A post's or project's language and its public translations, as its structured data says them: on a
 * site that runs more than one language only.
 */
export function useWorkLanguages({ id, language, translations }: WorkLanguages): WorkLanguages | undefined {
  const { languages } = useSiteLanguages();
  return languages.length > 1 ? { id, language, translations } : undefined;
}
