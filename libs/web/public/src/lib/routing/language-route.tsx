import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { splitLanguagePath, type Language } from '@blog/contracts';
import { LanguageProvider } from '../i18n/language-context';
import { useSiteLanguages } from '../i18n/site-languages';
import { NotFoundPage } from '../pages/not-found-page';
import { MovedPermanently } from './response-status';

/**
 * A public page in its language: `language` for a page under `/{code}`, else the site's default one
 * (General information). The default language's own prefix (`/en/about` on an English site) is a 301 to
 * the unprefixed address; a language the site does not run, NotFound.
 */
export function LanguageRoute({ language, children }: { language?: Language; children: ReactNode }) {
  const { languages, defaultLanguage, isPending } = useSiteLanguages();
  const { pathname, search } = useLocation();
  // The server has read General information before it renders; the browser hydrates with it.
  if (language && isPending) return null;
  if (language === defaultLanguage) return <MovedPermanently to={`${splitLanguagePath(pathname).path}${search}`} />;
  if (language && !languages.includes(language)) {
    return (
      <LanguageProvider language={defaultLanguage} defaultLanguage={defaultLanguage}>
        <NotFoundPage />
      </LanguageProvider>
    );
  }
  return (
    <LanguageProvider language={language ?? defaultLanguage} defaultLanguage={defaultLanguage}>
      {children}
    </LanguageProvider>
  );
}
