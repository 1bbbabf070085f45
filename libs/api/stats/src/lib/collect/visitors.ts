import { createHash } from 'node:crypto';

/**
 * A day's visitors are counted by marks: the first `VISITOR_MARK_BITS` bits of each visitor's salted
 * hash (many visitors share a mark, so a mark names nobody), and estimated from how many marks are
 * taken (linear counting: Whang, Vander-Zanden and Taylor, 1990): close for up to some hundred
 * thousand visitors a day.
 */
export const VISITOR_MARK_BITS = 17;
export const VISITOR_MARKS = 2 ** VISITOR_MARK_BITS;

/** A day's visitors from the number of its marks taken (`round(-M ln(1 - marks / M))`). */
export function estimateVisitors(marks: number): number {
  if (marks <= 0) return 0;
  // Every mark taken: at least this many, the most linear counting can tell.
  const free = Math.max(VISITOR_MARKS - marks, 0.5);
  return Math.round(-VISITOR_MARKS * Math.log(free / VISITOR_MARKS));
}

/**
 * A visitor's id for one day: sha256 of the day's random salt, the client address, the user agent and
 * the site's host. It is never stored nor logged: only its mark is (`markOf`), and it is held in
 * memory for the day (the source of the visit).
 */
export function visitorHash(salt: Buffer, address: string, userAgent: string, siteHost: string): Buffer {
  return createHash('sha256').update(salt).update(`\0${address}\0${userAgent}\0${siteHost}`).digest();
}

/** The first `VISITOR_MARK_BITS` bits of a visitor's hash (0 … 131 071). */
export function markOf(hash: Buffer): number {
  return ((hash[0] << 16) | (hash[1] << 8) | hash[2]) >>> (24 - VISITOR_MARK_BITS);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The last day told, by time zone and minute: every page view asks, and `Intl` costs a microsecond a call. */
const lastDays = new Map<string, { minute: number; day: string }>();

/** The day (`YYYY-MM-DD`) `at` falls on in `timeZone`. */
export function dayIn(timeZone: string, at: number): string {
  // Time zones change day on a whole minute.
  const minute = Math.floor(at / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const day = format.format(at);
  lastDays.set(timeZone, { minute, day });
  return day;
}
