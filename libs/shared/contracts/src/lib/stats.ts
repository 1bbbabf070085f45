/**
 * First-party analytics: what the site counts of its readers (no cookie, no address, no user agent
 * kept). Constants only, free of zod, so the public pages' bundle may import them.
 */

/** Where a visit came from, grouped as the owner thinks of it (by the referrer's host, `utm_source` or `ref`). */
export const STATS_SOURCES = ['search', 'facebook', 'zalo', 'youtube', 'sites', 'direct'] as const;
export type StatsSource = (typeof STATS_SOURCES)[number];
export const STATS_SOURCE_LABELS: Record<StatsSource, string> = {
  search: 'Search engines',
  facebook: 'Facebook',
  zalo: 'Zalo',
  youtube: 'YouTube',
  sites: 'Other sites',
  direct: 'Direct',
};

/** What the beacon adds to the page views the server counts. */
export const STATS_HIT_KINDS = ['view', 'engaged', 'outbound'] as const;
export type StatsHitKind = (typeof STATS_HIT_KINDS)[number];

/** The dashboard's periods, in days (each shown beside the period before it). */
export const STATS_PERIODS = [7, 30, 90] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
/** The longest range one request may ask for (the CSV export of a year and a day). */
export const STATS_RANGE_MAX_DAYS = 366;
/** Rows in each of the dashboard's lists (pages, sources, searches, inquiries). */
export const STATS_LIST_LIMIT = 20;
/** The address the beacon posts to (`navigator.sendBeacon`, `text/plain`: no preflight). */
export const STATS_BEACON_PATH = '/api/stats/beacon';
/** The beacon's script (served with a week's cache, loaded `defer` by the public pages only). */
export const STATS_BEACON_SCRIPT_PATH = '/api/stats/beacon.js';

/** A visit's source as the owner reads it: `Facebook (l.facebook.com)`, `Direct`. */
export function visitSourceText({ source, name }: { source: StatsSource; name: string | null }): string {
  return name ? `${STATS_SOURCE_LABELS[source]} (${name})` : STATS_SOURCE_LABELS[source];
}
