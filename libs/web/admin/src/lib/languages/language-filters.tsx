import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@blog/contracts';
import { LABELS } from '../labels';

const labels = LABELS.languages;

/** A list's language filters, as its admin list takes them (`{kind}.adminList`). */
export interface LanguageFilters {
  language?: Language;
  missing_translation?: true;
}

/** The language filters of the address bar (`?language=vi&missing_translation=true`), so that a filtered list can be reloaded and shared. */
export function languageFiltersOf(params: URLSearchParams): LanguageFilters {
  const language = params.get('language');
  return {
    ...(isLanguage(language) ? { language } : {}),
    ...(params.get('missing_translation') === 'true' ? { missing_translation: true } : {}),
  };
}

/**
 * A list's toolbar filters: Language (all or one) and Missing a translation. A site of one language has
 * no translation to find, so they are left out there (unless one is in the address already: it stays shown,
 * so that it can be taken off).
 */
export function LanguageFilterFields({
  filters,
  siteLanguages,
  onChange,
}: {
  filters: LanguageFilters;
  siteLanguages: readonly Language[];
  onChange: (next: LanguageFilters) => void;
}) {
  if (siteLanguages.length < 2 && !filters.language && !filters.missing_translation) return null;
  return (
    <>
      <select
        aria-label={labels.language}
        value={filters.language ?? ''}
        onChange={(event) => onChange({ ...filters, language: (event.target.value as Language) || undefined })}
      >
        <option value="">{labels.allLanguages}</option>
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
      <label>
        <input
          type="checkbox"
          checked={filters.missing_translation === true}
          onChange={(event) => onChange({ ...filters, missing_translation: event.target.checked || undefined })}
        />{' '}
        {labels.missingTranslation}
      </label>
    </>
  );
}
