import { createContext, useContext } from 'react';

/**
 * The nonce a script the page adds must carry under the server's Content-Security-Policy. The server
 * renderer provides its placeholder (replaced by each answer's nonce); in the browser it is read
 * from the page's `<meta property="csp-nonce">` (written by the build, filled by the server).
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

/** The nonce of the page in the browser (browsers hide the attribute, not the property). */
export function pageNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext) ?? pageNonce();
}
