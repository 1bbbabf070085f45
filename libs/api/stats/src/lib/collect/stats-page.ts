import {
  PUBLIC_PAGE_PARAMS,
  SEARCH_TERM_PARAM,
  SITE_ROUTES,
  STATS_PATH_MAX_LENGTH,
  type StatsHitKind,
} from '@blog/contracts';

/** A path without query, dot segments or characters the URL parser would encode. */
const PLAIN_PATH = /^\/(?!\/)[\w\-/%~]*$/;

/** The longest search term kept (the column's size). */
const SEARCH_TERM_MAX_LENGTH = 200;

export interface StatsPage {
  /** The page as counted: its path and the parameters that make another page (never `utm_*`, a form's fields or the search term). */
  path: string;
  /** On the search page, the term searched for: trimmed, lower case. */
  searchTerm: string | null;
  /** All the address's parameters (`utm_source`, `ref`, `utm_campaign` tell the source). */
  query: URLSearchParams;
}

const NO_PARAMS = new URLSearchParams();

/** The page `url` (path and query, as requested) is counted as; null when it cannot be (unreadable, or its path too long). */
export function statsPageOf(url: string): StatsPage | null {
  // Most views: a plain path, as a cached page's (`cachedPagesFirst` answers only a path the URL parser keeps as it is).
  if (PLAIN_PATH.test(url))
    return url.length > STATS_PATH_MAX_LENGTH ? null : { path: url, searchTerm: null, query: NO_PARAMS };
  let parsed: URL;
  try {
    // Concatenated, not resolved: `//evil.com` stays a path.
    parsed = new URL(`http://site${url}`);
  } catch {
    return null;
  }
  const params = new URLSearchParams();
  for (const name of PUBLIC_PAGE_PARAMS) {
    const value = parsed.searchParams.get(name);
    if (value !== null && name !== SEARCH_TERM_PARAM) params.set(name, value);
  }
  const search = params.toString();
  const path = search ? `${parsed.pathname}?${search}` : parsed.pathname;
  if (path.length > STATS_PATH_MAX_LENGTH) return null;
  const term =
    parsed.pathname === SITE_ROUTES.pages.search
      ? parsed.searchParams.get(SEARCH_TERM_PARAM)?.trim().toLowerCase().slice(0, SEARCH_TERM_MAX_LENGTH)
      : null;
  return { path, searchTerm: term || null, query: parsed.searchParams };
}

/** One row of `stats_hits`, as held in memory until its batch is written. */
export interface StatsHit {
  /** Epoch milliseconds. */
  at: number;
  kind: StatsHitKind;
  path: string;
  entry: boolean;
  source: string | null;
  sourceName: string | null;
  campaign: string | null;
  searchTerm: string | null;
  engagedMs: number | null;
  target: string | null;
}
