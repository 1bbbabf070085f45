import { formatPostDate } from './format-date';

export interface FormattedDateProps {
  /** ISO 8601, as the API sends dates. */
  iso: string;
  className?: string;
}

/** A date as the site shows it ("January 05, 2025"), machine-readable in `dateTime`. */
export function FormattedDate({ iso, className }: FormattedDateProps) {
  return (
    <time className={className} dateTime={iso}>
      {formatPostDate(iso)}
    </time>
  );
}
