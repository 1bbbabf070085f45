import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { readPageState } from '@blog/web/data';
import { SiteRoot } from './app/site-root';

// The pages' Content-Security-Policy allows no eval. zod (in the lazy forms) probes for it when it
// builds an object schema (a `new Function` in a try: blocked, and reported as a violation) to
// compile its parsers; told `jitless` before any schema exists, it does neither. Set on the global
// object zod reads its configuration from: `z.config()` here would bring zod into every page's entry.
const zodConfig = ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {});
zodConfig.jitless = true;

// A public page comes rendered by the server with the answers it was rendered from: React takes
// it over as it is. The sign-in and admin pages come empty and are rendered here.
const container = document.getElementById('root') as HTMLElement;
const pageState = readPageState();
const site = (
  <StrictMode>
    <BrowserRouter>
      <SiteRoot
        siteUrl={pageState?.siteUrl}
        dehydratedState={pageState?.queries}
        contactForm={pageState?.contactForm}
        subscribeForm={pageState?.subscribeForm}
      />
    </BrowserRouter>
  </StrictMode>
);
if (pageState) hydrateRoot(container, site);
else createRoot(container).render(site);
