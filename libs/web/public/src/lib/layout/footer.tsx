import { Link } from 'react-router-dom';
import { SITE_ROUTES } from '@blog/contracts';
import { useSiteIdentity } from '@blog/web/data';
import { COPYRIGHT_YEAR } from '../site';
import { SocialLinks } from './social-links';
import { useGeneralInfo } from './use-general-info';

/** Links, social profiles, Logo 2 of the general information (if set) and the copyright line. */
export function Footer() {
  const { info } = useGeneralInfo();
  const { copyright_holder: holder } = useSiteIdentity();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/posts">Blog</Link>
            </li>
            <li>
              <Link to={SITE_ROUTES.pages.portfolio}>Portfolio</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
          </ul>
        </nav>
        <SocialLinks className="site-footer__social" />
        {/* Beside the copyright line that names the site: decorative. */}
        {info?.logo_2_url && (
          <img className="site-footer__logo" src={info.logo_2_url} alt="" width={240} height={60} loading="lazy" />
        )}
        <p className="site-footer__copyright">
          Copyright {COPYRIGHT_YEAR} © {holder}
        </p>
      </div>
    </footer>
  );
}
