import {
  LANGUAGES,
  siteLanguagesOf,
  type AdminTranslation,
  type Language,
  type SiteLanguageSet,
} from '@blog/contracts';
import { trpc } from '@blog/web/data';

/** The site's default language (new records are written in it) and the languages it runs. */
export type SiteLanguages = SiteLanguageSet;
export { siteLanguagesOf };

/** A record that may have versions in other languages: a post, project, service or testimonial. */
export interface TranslatableRecord {
  id: number;
  language: Language;
  translations: AdminTranslation[];
}

/** The site's languages, read with its identity (`siteInfo.list`, which every admin screen's frame has read already). */
export function useSiteLanguages() {
  return trpc.siteInfo.list.useQuery(undefined, { select: (rows) => siteLanguagesOf(rows[0]) });
}

/**
 * The languages a record (a post, category, project, service or testimonial) may have a version in, besides
 * its own: those the site runs, and any other one a version is written in already (so that it can still be
 * seen and unlinked).
 */
export function otherLanguagesOf(
  item: { language: Language; translations: ReadonlyArray<{ language: Language }> },
  siteLanguages: readonly Language[],
): Language[] {
  return LANGUAGES.filter(
    (language) =>
      language !== item.language &&
      (siteLanguages.includes(language) || item.translations.some((version) => version.language === language)),
  );
}

/** The languages a record may be written in: those the site runs, and its own (`own`) if the site no longer runs it. */
export function languageChoicesOf(site: SiteLanguages, own?: Language): Language[] {
  return LANGUAGES.filter((language) => site.languages.includes(language) || language === own);
}
