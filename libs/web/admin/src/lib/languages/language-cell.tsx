import { LANGUAGE_NAMES, type Language } from '@blog/contracts';
import { LABELS } from '../labels';
import { otherLanguagesOf, type TranslatableRecord } from './site-languages';

const labels = LABELS.languages;

/** A list's Language cell: the row's language code (named in full on hover), then a line for each of its versions ("vi: draft"). */
export function LanguageCell({ language, versions }: { language: Language; versions: string[] }) {
  return (
    <>
      <abbr title={LANGUAGE_NAMES[language]}>{language}</abbr>
      {versions.map((line) => (
        <span key={line} className="admin-publication-state">
          {line}
        </span>
      ))}
    </>
  );
}

/** The Language cell of a record: its language, then each other language the site runs with its version's state ("vi: draft") or "vi: missing". */
export function VersionsCell({ record, siteLanguages }: { record: TranslatableRecord; siteLanguages: Language[] }) {
  const versions = otherLanguagesOf(record, siteLanguages).map((language) => {
    const version = record.translations.find((each) => each.language === language);
    return labels.translationState(language, version ? labels.states[version.state] : labels.missing);
  });
  return <LanguageCell language={record.language} versions={versions} />;
}

/** A list's columns with Language before the last (its Actions): the portfolio's lists show it on a site of more than one language. */
export const withLanguageColumn = (columns: readonly string[]) => [
  ...columns.slice(0, -1),
  labels.language,
  ...columns.slice(-1),
];
