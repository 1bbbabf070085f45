import { TZDate } from '@date-fns/tz';
import { SITE_TIME_ZONE } from './site';

/**
 * Whether the owner takes work, which she sets in General information and the site shows (the home
 * page's hero): available, booked until a day (that day included, in the site's time zone), or not
 * taking work; with a short line of her own.
 */
export const AVAILABILITY_STATES = ['available', 'booked', 'not_taking_work'] as const;
export type AvailabilityState = (typeof AVAILABILITY_STATES)[number];
/** A site that never set it is available, with no line. */
export const AVAILABILITY_DEFAULT_STATE: AvailabilityState = 'available';
/** The longest the owner's line may be (the column's size): one short sentence. */
export const AVAILABILITY_NOTE_MAX_LENGTH = 160;

/** The availability as General information stores it; `booked_until` is a day (`YYYY-MM-DD`), set when booked. */
export interface Availability {
  availability: AvailabilityState;
  booked_until: string | null;
  availability_note: string;
}

/** The day `now` falls on in `timeZone`, as `YYYY-MM-DD`. */
export function dayIn(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * What the site shows at `now`: a booking whose last day has passed in the site's time zone reads as
 * available, without the line written for the booking (it would speak of a booking that is over), so
 * the site never says "booked until" a day gone by, whoever renders it and whenever.
 */
export function availabilityNow(info: Availability, now: Date, timeZone = SITE_TIME_ZONE): Availability {
  if (info.availability !== 'booked') return { ...info, booked_until: null };
  if (info.booked_until !== null && dayIn(now, timeZone) <= info.booked_until) return info;
  return { availability: 'available', booked_until: null, availability_note: '' };
}

/**
 * When what `availabilityNow` shows changes by itself: the start of the day after a booking's last day
 * in `timeZone` (a page showing it must not be kept beyond), or null when it changes only when the owner
 * saves.
 */
export function availabilityChangesAt(info: Availability, timeZone = SITE_TIME_ZONE): Date | null {
  if (info.availability !== 'booked' || info.booked_until === null) return null;
  const [year, month, day] = info.booked_until.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, day + 1, timeZone).getTime());
}
