import type { ContactFormState, SubscribeFormState } from '@blog/contracts';
import { DataProvider, type DataProviderProps } from '@blog/web/data';
import {
  ContactFormStateContext,
  CspNonceContext,
  ResponseStatusContext,
  SiteOriginContext,
  SubscribeFormStateContext,
  type ResponseStatus,
} from '@blog/web/public';
import { App } from './app';

export interface SiteRootProps extends Omit<DataProviderProps, 'children'> {
  /** The public origin the server renders with (`SITE_URL`); the page's own origin when absent. */
  siteUrl?: string;
  /** Given on the server only: where the pages say 404 or 301. */
  responseStatus?: ResponseStatus;
  /** Given on the server only: the placeholder of each answer's nonce (the browser reads the page's). */
  nonce?: string;
  /** A contact form sent without JavaScript and refused: shown again as sent, with its errors. */
  contactForm?: ContactFormState;
  /** A subscription form sent without JavaScript and refused, as `contactForm`. */
  subscribeForm?: SubscribeFormState;
}

/** The whole site below its router, the same on the server and in the browser (so that they hydrate alike). */
export function SiteRoot({ siteUrl, responseStatus, nonce, contactForm, subscribeForm, ...data }: SiteRootProps) {
  return (
    <ResponseStatusContext value={responseStatus ?? null}>
      <SiteOriginContext value={siteUrl}>
        <CspNonceContext value={nonce}>
          <ContactFormStateContext value={contactForm ?? null}>
            <SubscribeFormStateContext value={subscribeForm ?? null}>
              <DataProvider {...data}>
                <App />
              </DataProvider>
            </SubscribeFormStateContext>
          </ContactFormStateContext>
        </CspNonceContext>
      </SiteOriginContext>
    </ResponseStatusContext>
  );
}
