import { PORTFOLIO_FILTER_PARAMS, PORTFOLIO_PATH, type PortfolioFilter } from '@blog/contracts';

/** The portfolio's address, filtered by `filter` (`/portfolio?stack=react`): a link works without JavaScript. */
export function portfolioHref(filter: PortfolioFilter = {}): string {
  const query = new URLSearchParams();
  for (const name of PORTFOLIO_FILTER_PARAMS) {
    const value = filter[name];
    if (value) query.set(name, value);
  }
  const search = query.toString();
  return search ? `${PORTFOLIO_PATH}?${search}` : PORTFOLIO_PATH;
}

/** The filter a `/portfolio` address names (the first of each parameter; blank ones are none). */
export function portfolioFilterOf(search: URLSearchParams): PortfolioFilter {
  const filter: PortfolioFilter = {};
  for (const name of PORTFOLIO_FILTER_PARAMS) {
    const value = search.get(name)?.trim();
    if (value) filter[name] = value;
  }
  return filter;
}
