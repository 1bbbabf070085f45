import { format } from 'date-fns';

/**
 * The site's readers are in Vietnam (UTC+7, no daylight saving time): dates are shown as they fall
 * there, the same on the server and in every browser, so a server-rendered page hydrates cleanly.
 */
const SITE_UTC_OFFSET_MINUTES = 7 * 60;

/** `2025-01-05T03:00:00Z` → `January 05, 2025` (spec: 'MMMM DD, YYYY'); '' for an invalid date. */
export function formatPostDate(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const local = new Date(instant.getTime() + SITE_UTC_OFFSET_MINUTES * 60_000);
  // date-fns formats in the runtime's zone: hand it the site's calendar date as a local date.
  return format(new Date(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()), 'MMMM dd, yyyy');
}
