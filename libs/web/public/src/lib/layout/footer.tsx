import { Link } from 'react-router-dom';
import { SITE_ROUTES } from '@blog/contracts';
import { useSiteIdentity } from '@blog/web/data';
import { useLocalPath, useT } from '../i18n/language-context';
import { COPYRIGHT_YEAR } from '../site';
import { SocialLinks } from './social-links';
import { useGeneralInfo } from './use-general-info';

/** Links, social profiles, Logo 2 of the general information (if set) and the copyright line. */
export function Footer() {
  const { info } = useGeneralInfo();
  const { copyright_holder: holder } = useSiteIdentity();
  const t = useT();
  const local = useLocalPath();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <nav aria-label={t('layout.footerNav')}>
          <ul className="site-footer__links">
            <li>
              <Link to={local('/')}>{t('layout.home')}</Link>
            </li>
            <li>
              <Link to={local('/about')}>{t('layout.about')}</Link>
            </li>
            <li>
              <Link to={local('/posts')}>{t('layout.blog')}</Link>
            </li>
            <li>
              <Link to={local(SITE_ROUTES.pages.portfolio)}>{t('layout.portfolio')}</Link>
            </li>
            <li>
              <Link to={local('/contact')}>{t('layout.contact')}</Link>
            </li>
          </ul>
        </nav>
        <SocialLinks className="site-footer__social" />
        {/* Beside the copyright line that names the site: decorative. */}
        {info?.logo_2_url && (
          <img className="site-footer__logo" src={info.logo_2_url} alt="" width={240} height={60} loading="lazy" />
        )}
        <p className="site-footer__copyright">
          {`${t('layout.copyright')} `}
          {COPYRIGHT_YEAR} © {holder}
        </p>
      </div>
    </footer>
  );
}
