import { Link } from 'react-router-dom';
import { COPYRIGHT_YEAR, SITE_NAME } from '../site';
import { SocialLinks } from './social-links';

export function Footer() {
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
              <Link to="/contact">Contact</Link>
            </li>
          </ul>
        </nav>
        <SocialLinks className="site-footer__social" />
        <p className="site-footer__copyright">
          Copyright {COPYRIGHT_YEAR} © {SITE_NAME}
        </p>
      </div>
    </footer>
  );
}
