import type { DataSource } from 'typeorm';
import { DEFAULT_LANGUAGE, LANGUAGES, languagePath, type Language, type TranslationLink } from '@blog/contracts';
import { GeneralInfoEntity, SharedReads } from '@blog/api/data';
import { DomainError } from './domain-error';

/** The languages General information says the site runs: the default one first among them. */
export interface SiteLanguageSettings {
  default_language: Language;
  languages: Language[];
}

/** A site without General information runs every language, English the default. */
const NO_SETTINGS: SiteLanguageSettings = { default_language: DEFAULT_LANGUAGE, languages: [...LANGUAGES] };

/**
 * The site's languages as General information names them (read once until it changes), and the rules
 * the doors apply with them: a public read without `lang` answers the default language, one in a
 * language the site does not run is a 404 naming `lang`; a write in such a language is a 400.
 */
export class SiteLanguages {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sharedReads: SharedReads,
  ) {}

  settings(): Promise<SiteLanguageSettings> {
    return this.sharedReads.read('site.languages', ['general_info'], async () => {
      const [record] = await this.dataSource.getRepository(GeneralInfoEntity).find({
        select: ['default_language', 'languages'],
        order: { id: 'ASC' },
        take: 1,
      });
      return record ? { default_language: record.default_language, languages: record.languages } : NO_SETTINGS;
    });
  }

  /** The language a public read answers in: `lang`, else the default; 404 naming `lang` when the site does not run it. */
  async ofRead(lang: Language | undefined): Promise<Language> {
    const { default_language, languages } = await this.settings();
    if (lang === undefined) return default_language;
    if (!languages.includes(lang)) {
      throw new DomainError('NOT_FOUND', `This site has no pages in ${lang}`, [
        { field: 'lang', message: `is not a language of this site (${languages.join(', ')})` },
      ]);
    }
    return lang;
  }

  /** The language a write saves: `language`, else `fallback` (the default); 400 naming `field` when the site does not run it. */
  async ofWrite(language: Language | undefined, fallback?: Language, field = 'language'): Promise<Language> {
    const { default_language, languages } = await this.settings();
    const chosen = language ?? fallback ?? default_language;
    if (!languages.includes(chosen)) {
      throw DomainError.invalid([{ field, message: `must be a language of this site (${languages.join(', ')})` }]);
    }
    return chosen;
  }

  /** `path` (a default language's address: `/slug`, `/category/slug`, `/about`) in `language`, by the site's default. */
  async pathIn(path: string, language: Language): Promise<string> {
    return languagePath(path, language, (await this.settings()).default_language);
  }

  /** Other versions as readers follow them, each at its address (`pathOf`: the default language's, as `postPath`). */
  async linksTo(
    versions: ReadonlyArray<Omit<TranslationLink, 'path'>>,
    pathOf: (slug: string) => string,
  ): Promise<TranslationLink[]> {
    const { default_language } = await this.settings();
    return versions.map(({ id, language, slug, title }) => ({
      id,
      language,
      slug,
      title,
      path: languagePath(pathOf(slug), language, default_language),
    }));
  }
}
