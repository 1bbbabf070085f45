import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { readPageState } from '@blog/web/data';
import { SiteRoot } from './app/site-root';

// A public page comes rendered by the server with the answers it was rendered from: React takes
// it over as it is. The sign-in and admin pages come empty and are rendered here.
const container = document.getElementById('root') as HTMLElement;
const pageState = readPageState();
const site = (
  <StrictMode>
    <BrowserRouter>
      <SiteRoot siteUrl={pageState?.siteUrl} dehydratedState={pageState?.queries} />
    </BrowserRouter>
  </StrictMode>
);
if (pageState) hydrateRoot(container, site);
else createRoot(container).render(site);
