import { createHash } from 'node:crypto';
import { dayIn as dayInZone } from '@blog/contracts';
import { VISITOR_MARK_BITS } from '../visitors';

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

/** The last day told, by time zone and minute: every page view asks, and `Intl` costs a microsecond a call. */
const lastDays = new Map<string, { minute: number; day: string }>();

/** The day (`YYYY-MM-DD`) `at` falls on in `timeZone`: the contracts' `dayIn`, told once a minute. */
export function cachedDayIn(timeZone: string, at: number): string {
  // Time zones change day on a whole minute.
  const minute = Math.floor(at / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  const day = dayInZone(new Date(at), timeZone);
  lastDays.set(timeZone, { minute, day });
  return day;
}
