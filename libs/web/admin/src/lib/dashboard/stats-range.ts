import { dayIn, SITE_TIME_ZONE, type StatsRange } from '@blog/contracts';

const DAY_MS = 86_400_000;

/** Today in the site's time zone, as YYYY-MM-DD (the day the statistics count in). */
export const siteToday = (now: Date = new Date()): string => dayIn(now, SITE_TIME_ZONE);

/** `day` moved by `days` (negative: back), both YYYY-MM-DD; calendar days, whatever the time zone. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The last `days` days in the site's time zone, today included. */
export function lastDays(days: number, now: Date = new Date()): StatsRange {
  const to = siteToday(now);
  return { from: addDays(to, 1 - days), to };
}
