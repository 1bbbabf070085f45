/** A cell of a CSV answer. */
export type CsvCell = string | number | boolean | null;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, a comma or a line break; a text that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a return first: a search term is
 * typed by anyone) is prefixed with `'`, as OWASP's "CSV injection" advice says.
 */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV file (RFC 4180: CRLF line ends): the header, then a line per row. */
export const csvFile = (header: string[], rows: CsvCell[][]) =>
  [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
