import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { SITE_TIME_ZONE } from '@blog/contracts';

/** A `datetime-local` input's value. */
const WALL_TIME = "yyyy-MM-dd'T'HH:mm";
const WALL_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** An instant as the site's clocks show it, for a `datetime-local` input: `2026-11-25T08:00`. */
export function toSiteWallTime(iso: string): string {
  return format(new TZDate(iso, SITE_TIME_ZONE), WALL_TIME);
}

/** A `datetime-local` value read in the site's time zone (whatever the browser's), as an ISO instant with its offset; null when it is not one. */
export function fromSiteWallTime(wallTime: string): string | null {
  const parts = WALL_TIME_PATTERN.exec(wallTime);
  if (!parts) return null;
  const [year, month, day, hours, minutes, seconds] = parts.slice(1).map((part) => Number(part ?? 0));
  const date = new TZDate(year, month - 1, day, hours, minutes, seconds, SITE_TIME_ZONE);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
