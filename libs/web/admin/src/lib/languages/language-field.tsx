import { LANGUAGE_NAMES, type Language } from '@blog/contracts';
import { SelectField, type SelectFieldProps } from '../forms/field';
import { LABELS } from '../labels';

/** A select of languages (`choices`, each named in itself), 'Language' unless told; left out when there is nothing to choose. */
export function LanguageField({
  choices,
  label = LABELS.languages.language,
  ...select
}: Omit<SelectFieldProps, 'label' | 'children'> & { choices: readonly Language[]; label?: string }) {
  if (choices.length < 2) return null;
  return (
    <SelectField label={label} {...select}>
      {choices.map((language) => (
        <option key={language} value={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </SelectField>
  );
}
