/** The longest referrer host kept (a DNS name is at most 253 characters). */
const REFERRER_HOST_MAX_LENGTH = 255;

/** Only the host of an http(s) referrer (`https://www.google.com/search?q=…` → `www.google.com`): never its path or query. */
export function referrerHostOf(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const { protocol, hostname } = new URL(referrer);
    if ((protocol !== 'http:' && protocol !== 'https:') || !hostname) return null;
    return hostname.slice(0, REFERRER_HOST_MAX_LENGTH);
  } catch {
    return null;
  }
}
