import { SITE_TIME_ZONE } from '@blog/contracts';

/**
 * The site's readers are in Vietnam: dates are shown as they fall there, the same on the server and
 * in every browser, so a server-rendered page hydrates cleanly. `Intl` (in every browser and in
 * Node) does it without shipping a date library to visitors.
 */
const postDate = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: '2-digit',
});

/** `2025-01-05T03:00:00Z` → `January 05, 2025` (spec: 'MMMM DD, YYYY'); '' for an invalid date. */
export function formatPostDate(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  return postDate.format(instant);
}

const siteDateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-11-25T01:00:00Z` → `November 25, 2026 at 08:00` (in the site's time zone); '' for an invalid date. */
export function formatSiteDateTime(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  return siteDateTime.format(instant);
}
