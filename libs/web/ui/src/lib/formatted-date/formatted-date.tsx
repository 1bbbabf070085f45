import { useUiWords } from '../ui-words/ui-words';
import { formatPostDate } from './format-date';

export interface FormattedDateProps {
  /** ISO 8601, as the API sends dates. */
  iso: string;
  className?: string;
}

/** A date as the site shows it ("January 05, 2025", in the page's `UiWords` locale), machine-readable in `dateTime`. */
export function FormattedDate({ iso, className }: FormattedDateProps) {
  const { dateLocale } = useUiWords();
  return (
    <time className={className} dateTime={iso}>
      {formatPostDate(iso, dateLocale)}
    </time>
  );
}
