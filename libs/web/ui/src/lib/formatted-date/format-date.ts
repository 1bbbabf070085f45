import { SITE_TIME_ZONE } from '@blog/contracts';

/**
 * The site's readers are in Vietnam: dates are shown as they fall there, the same on the server and
 * in every browser, so a server-rendered page hydrates cleanly. `Intl` (in every browser and in
 * Node) does it without shipping a date library to visitors.
 */
const postDates = new Map<string, Intl.DateTimeFormat>();

/** A post date's format in `locale`, made once: the day with two digits in English (the spec's), as written elsewhere. */
function postDateIn(locale: string): Intl.DateTimeFormat {
  let format = postDates.get(locale);
  if (!format) {
    const day = locale.startsWith('en') ? '2-digit' : 'numeric';
    format = new Intl.DateTimeFormat(locale, { timeZone: SITE_TIME_ZONE, year: 'numeric', month: 'long', day });
    postDates.set(locale, format);
  }
  return format;
}

/**
 * `2025-01-05T03:00:00Z` → `January 05, 2025` (spec: 'MMMM DD, YYYY'), in Vietnamese (`vi-VN`)
 * `5 tháng 1, 2025`; '' for an invalid date.
 */
export function formatPostDate(iso: string, locale = 'en-US'): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  return postDateIn(locale).format(instant);
}

const siteDateTimes = new Map<string, Intl.DateTimeFormat>();

/** `2026-11-25T01:00:00Z` → `November 25, 2026 at 08:00` (in the site's time zone, in `locale`); '' for an invalid date. */
export function formatSiteDateTime(iso: string, locale = 'en-US'): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  let format = siteDateTimes.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: SITE_TIME_ZONE,
      year: 'numeric',
      month: 'long',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    siteDateTimes.set(locale, format);
  }
  return format.format(instant);
}
