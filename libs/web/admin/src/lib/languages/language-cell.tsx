import { LANGUAGE_NAMES, type Language } from '@blog/contracts';

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
