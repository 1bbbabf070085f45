import { SITE_TIME_ZONE } from '@blog/contracts';

/**
 * The site's readers are in Vietnam: dates are shown as they fall there, the same on the server and
 * in every browser, so a server-rendered page hydrates cleanly. `Intl` (in every browser and in
 * Node) does it without shipping a date library to visitors, in the page's locale.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** `iso` written by `Intl` in `locale` with `options` (each format made once); '' for an invalid date. */
function formatIn(iso: string, locale: string, options: Intl.DateTimeFormatOptions): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: SITE_TIME_ZONE, ...options });
    formats.set(key, format);
  }
  return format.format(instant);
}

/** The day with two digits in English (the spec's 'MMMM DD, YYYY'), as it is written elsewhere. */
const dayOf = (locale: string) => (locale.startsWith('en') ? '2-digit' : 'numeric');

/**
 * `2025-01-05T03:00:00Z` → `January 05, 2025` (spec: 'MMMM DD, YYYY'), in Vietnamese (`vi-VN`)
 * `5 tháng 1, 2025`; '' for an invalid date.
 */
export function formatPostDate(iso: string, locale = 'en-US'): string {
  return formatIn(iso, locale, { year: 'numeric', month: 'long', day: dayOf(locale) });
}

/** `2026-11-25T01:00:00Z` → `November 25, 2026 at 08:00` (in the site's time zone, in `locale`); '' for an invalid date. */
export function formatSiteDateTime(iso: string, locale = 'en-US'): string {
  return formatIn(iso, locale, {
    year: 'numeric',
    month: 'long',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}
