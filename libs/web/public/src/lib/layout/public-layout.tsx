import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { DEFAULT_FAVICON_PATH } from '@blog/contracts';
import type { Language } from '@blog/contracts';
import type { QueryUtils } from '@blog/web/data';
import { ScrollToTop } from '@blog/web/ui';
import { langInput, useT } from '../i18n/language-context';
import { MarketingTags } from '../tags/marketing-tags';
import { Footer } from './footer';
import { Header } from './header';
import { Hero } from './hero';
import { useGeneralInfo } from './use-general-info';
import './public-layout.css';

/** A new page starts at its top; going back or forward leaves the browser's own position alone. */
function useScrollToTopOnNavigation() {
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, search, navigationType]);
}

/** The favicon of the general information, once it is known. */
function Favicon() {
  const { info, isSuccess } = useGeneralInfo();
  if (!isSuccess) return null;
  return <link rel="icon" href={info?.favicon_url ?? DEFAULT_FAVICON_PATH} />;
}

/** What the layout reads on every page (its header, footer and tags), in the page's `lang`. */
export function prefetchLayout(utils: QueryUtils, lang?: Language) {
  return [
    utils.categories.links.prefetch(langInput(lang)),
    utils.siteInfo.list.prefetch(),
    utils.siteInfo.tags.prefetch(),
  ];
}

export interface PublicLayoutProps {
  children: ReactNode;
  /** The welcome band under the header (the home page only). */
  hero?: boolean;
}

/** Every public page: header, the page, footer, the scroll-to-top button and the site-wide tags. */
export function PublicLayout({ children, hero = false }: PublicLayoutProps) {
  useScrollToTopOnNavigation();
  const t = useT();
  return (
    <div className="site">
      <Favicon />
      <MarketingTags />
      <a className="skip-link" href="#main">
        {t('layout.skipLink')}
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        {hero && <Hero />}
        {children}
      </main>
      <Footer />
      <ScrollToTop />
    </div>
  );
}
