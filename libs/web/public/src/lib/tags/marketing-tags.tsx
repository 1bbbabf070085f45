import { useEffect, useRef } from 'react';
import { STATS_BEACON_SCRIPT_PATH } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { useCspNonce } from './csp-nonce';
import { adsAccountOf, configureAds, sendConversion, startTagManager } from './gtag';

const TAG_ORIGIN = 'https://www.googletagmanager.com';

/** The server's tags (`GTM_ID`, `ADS_CONVERSION_ID`, `STATS`); they change only with a restart. */
function useSiteTags() {
  return trpc.siteInfo.tags.useQuery(undefined, { staleTime: Infinity, gcTime: Infinity }).data;
}

/**
 * The tag manager (its script and its noscript frame) and the ads tag, each only when the server
 * is configured with it: with neither, nothing is loaded from outside the site. And the site's own
 * analytics beacon (`STATS`, on by default), deferred: it adds what the server cannot count (pages
 * moved to in the browser, time on page, clicks out). React 19 hoists the
 * async scripts into <head> and loads each once. They carry the page's nonce: the policy runs no
 * script without it, and the tag manager gives it to the scripts it adds (its custom HTML tags).
 */
export function MarketingTags() {
  const tags = useSiteTags();
  const gtmId = tags?.gtm_id ?? null;
  const adsAccount = adsAccountOf(tags?.ads_conversion_id);
  const nonce = useCspNonce();

  useEffect(() => {
    if (gtmId) startTagManager();
  }, [gtmId]);
  useEffect(() => {
    if (adsAccount) configureAds(adsAccount);
  }, [adsAccount]);

  return (
    <>
      {gtmId && <script async nonce={nonce} src={`${TAG_ORIGIN}/gtm.js?id=${encodeURIComponent(gtmId)}`} />}
      {gtmId && (
        <noscript>
          <iframe
            title="Google Tag Manager"
            src={`${TAG_ORIGIN}/ns.html?id=${encodeURIComponent(gtmId)}`}
            height="0"
            width="0"
            style={{ display: 'none', visibility: 'hidden' }}
          />
        </noscript>
      )}
      {adsAccount && <script async nonce={nonce} src={`${TAG_ORIGIN}/gtag/js?id=${encodeURIComponent(adsAccount)}`} />}
      {tags?.stats && <script defer nonce={nonce} src={STATS_BEACON_SCRIPT_PATH} />}
    </>
  );
}

/**
 * Sends the conversion event (1.0 VND) once per visit of the page that renders it (`/` and
 * `/category/seo`), when a conversion id is configured.
 */
export function ConversionEvent() {
  const conversionId = useSiteTags()?.ads_conversion_id ?? null;
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!conversionId || sent.current === conversionId) return;
    sent.current = conversionId;
    sendConversion(conversionId);
  }, [conversionId]);
  return null;
}
