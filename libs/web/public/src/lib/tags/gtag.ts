/**
 * The Google tag queue (`window.dataLayer`) shared by the tag manager and the ads tag. Everything
 * here runs in effects only, never on a server; each call is idempotent, so re-mounting a layout or
 * React's strict double effects never start a tag twice.
 */
declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** The conversion event's value: a business constant, 1.0 VND. */
export const CONVERSION_VALUE = { value: 1.0, currency: 'VND' } as const;

export function dataLayer(): unknown[] {
  window.dataLayer = window.dataLayer ?? [];
  return window.dataLayer;
}

/** `gtag(...)` as Google's snippet defines it: gtag.js reads the Arguments object, not an array. */
export function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params
  dataLayer().push(arguments);
}

const isArgs = (entry: unknown): entry is ArrayLike<unknown> =>
  Object.prototype.toString.call(entry) === '[object Arguments]';

/** Announces the tag manager's start, once per page load (its snippet's first line). */
export function startTagManager(): void {
  const layer = dataLayer();
  if (layer.some((entry) => (entry as { event?: unknown } | null)?.event === 'gtm.js')) return;
  layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
}

/** `AW-123/label` → `AW-123`, the ads account the gtag.js script is loaded for. */
export function adsAccountOf(conversionId: string | null | undefined): string | null {
  return conversionId?.split('/')[0] || null;
}

/** Configures the ads account, once per page load. */
export function configureAds(account: string): void {
  const configured = dataLayer().some((entry) => isArgs(entry) && entry[0] === 'config' && entry[1] === account);
  if (configured) return;
  gtag('js', new Date());
  gtag('config', account);
}

/**
 * Sends the conversion event (value 1.0 VND) to `AW-…/label`. An inquiry's also says what it is
 * about, `inquiry_topic` (`project:homestay`, `service:speed`), an event parameter the value ignores.
 */
export function sendConversion(conversionId: string, topic?: { kind: string; slug: string }): void {
  const account = adsAccountOf(conversionId);
  if (!account) return;
  configureAds(account);
  const about = topic ? { inquiry_topic: `${topic.kind}:${topic.slug}` } : {};
  gtag('event', 'conversion', { send_to: conversionId, ...CONVERSION_VALUE, ...about });
}
