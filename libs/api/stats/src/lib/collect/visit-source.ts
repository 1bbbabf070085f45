import type { StatsSource } from '@blog/contracts';
import { referrerHostOf, type VisitSource } from '@blog/api/core';

/** The longest source name and campaign kept (the columns' size). */
const NAME_MAX_LENGTH = 255;

/** Names a `utm_source` or `ref` gives, and hosts a referrer comes from, grouped (checked in this order). */
const NAME_GROUPS: Array<[StatsSource, RegExp]> = [
  ['search', /^(google|bing|duckduckgo|coccoc|cốc cốc|yahoo|yandex|baidu|ecosia)$/],
  ['facebook', /^(facebook|fb|messenger|instagram)$/],
  ['zalo', /^zalo$/],
  ['youtube', /^(youtube|yt)$/],
];
const HOST_GROUPS: Array<[StatsSource, RegExp]> = [
  [
    'search',
    /(^|\.)(google\.[a-z.]+|bing\.com|duckduckgo\.com|coccoc\.com|yahoo\.(com|co\.[a-z]+|[a-z]+)|yandex\.[a-z.]+|baidu\.com|ecosia\.org)$/,
  ],
  ['facebook', /(^|\.)(facebook\.com|fb\.com|fb\.me|messenger\.com)$/],
  ['zalo', /(^|\.)(zalo\.me|zaloapp\.com|zalo\.vn)$/],
  ['youtube', /(^|\.)(youtube\.com|youtu\.be)$/],
];

function groupOf(name: string, groups: Array<[StatsSource, RegExp]>): StatsSource | null {
  return groups.find(([, pattern]) => pattern.test(name))?.[0] ?? null;
}

/** The hostname of an http(s) referrer (lower case: the URL parser writes it so) without `www.`; null for none or another scheme. */
const referrerHost = (referrer: string | undefined) => referrerHostOf(referrer)?.replace(/^www\./, '') ?? null;

export interface ClassifiedVisit {
  /** Whether the view starts a visit: no referrer, or another site's. */
  entry: boolean;
  /** The entry's source (null for a view within the site). */
  source: VisitSource | null;
  /** Its `utm_campaign`, if any. */
  campaign: string | null;
}

const clip = (value: string | null) => (value ? value.trim().slice(0, NAME_MAX_LENGTH) || null : null);

/**
 * Where a page view came from: an entry (no referrer, or another host than `siteHost`) has a source,
 * `utm_source` or `ref` first (its value as the name, grouped by the names known: `google` is a search
 * engine, anything unknown another site), else the referrer's host (Google's, Bing's, Cốc Cốc's…
 * search, `l.facebook.com`, `zalo.me`, `youtu.be`…, else another site), else `direct`. A pure function
 * of what the request says: `query` is the page address's own parameters.
 */
export function classifyVisit(referrer: string | undefined, query: URLSearchParams, siteHost: string): ClassifiedVisit {
  // Most views come from the site's own pages: told without parsing the address.
  if (referrer && (referrer.startsWith(`https://${siteHost}/`) || referrer.startsWith(`http://${siteHost}/`))) {
    return { entry: false, source: null, campaign: null };
  }
  const host = referrerHost(referrer);
  const ownHost = siteHost
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^www\./, '');
  if (host === ownHost) return { entry: false, source: null, campaign: null };
  const campaign = clip(query.get('utm_campaign'));
  const tagged = clip(query.get('utm_source') ?? query.get('ref'));
  if (tagged) {
    const source = groupOf(tagged.toLowerCase(), NAME_GROUPS) ?? 'sites';
    return { entry: true, source: { source, name: tagged.toLowerCase() }, campaign };
  }
  if (!host) return { entry: true, source: { source: 'direct', name: null }, campaign };
  return { entry: true, source: { source: groupOf(host, HOST_GROUPS) ?? 'sites', name: clip(host) }, campaign };
}
