import { createContext, useContext } from 'react';

/**
 * The site's public origin (`https://blog.example.com`), for absolute URLs in structured data.
 * A server renderer provides it (from `SITE_URL`); in the browser it defaults to the page's origin.
 */
export const SiteOriginContext = createContext<string | undefined>(undefined);

export function useSiteOrigin(): string {
  const provided = useContext(SiteOriginContext);
  if (provided !== undefined) return provided.replace(/\/+$/, '');
  return typeof window === 'undefined' ? '' : window.location.origin;
}
