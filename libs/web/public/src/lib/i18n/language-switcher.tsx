import { Link, useLocation } from 'react-router-dom';
import { LANGUAGE_NAMES } from '@blog/contracts';
import { translatorOf } from './i18n';
import { usePageLanguage, useT } from './language-context';
import { useSiteLanguages, type PageVersion } from './site-languages';
import './language-switcher.css';

/**
 * This page in the site's other languages: a link to its translation, or, where there is none, the
 * notice in that language ("Bài này chưa có bản tiếng Việt") and a link to the version there is (this
 * one): never a home page, never a 404. Plain links, so it works without JavaScript. It belongs to the
 * page's own part: the header, sidebar and footer are spliced alike into every post page of a language.
 */
export function LanguageSwitcher({ translations }: { translations: readonly PageVersion[] }) {
  const { languages } = useSiteLanguages();
  const { language } = usePageLanguage();
  const { pathname, search } = useLocation();
  const t = useT();
  const others = languages.filter((other) => other !== language);
  if (others.length === 0) return null;
  return (
    <nav className="language-switcher" aria-label={t('language.switcher')}>
      <ul>
        {others.map((other) => {
          const version = translations.find((translation) => translation.language === other);
          return (
            <li key={other}>
              {version ? (
                <Link to={version.path} hrefLang={other} lang={other}>
                  {LANGUAGE_NAMES[other]}
                </Link>
              ) : (
                <>
                  <span lang={other}>{translatorOf(other)('language.notYet')}</span>
                  {' · '}
                  <Link to={`${pathname}${search}`} hrefLang={language}>
                    {LANGUAGE_NAMES[language]}
                  </Link>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
