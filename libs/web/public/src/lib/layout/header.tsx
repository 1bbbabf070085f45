import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { SITE_ROUTES } from '@blog/contracts';
import { useSiteIdentity } from '@blog/web/data';
import { useLocalPath, useT } from '../i18n/language-context';
import { MenuIcon } from './icons';
import { PostsDropdown } from './posts-dropdown';
import { SearchBox } from './search-box';
import { SocialLinks } from './social-links';
import { useGeneralInfo } from './use-general-info';
import { useHydrated } from './use-hydrated';

const navClass = ({ isActive }: { isActive: boolean }) => `site-nav__link${isActive ? ' is-active' : ''}`;

/**
 * Logo, main navigation (Home, About me, Posts, Contact), search box and social links. Below the
 * large breakpoint the navigation folds behind a menu button. Until the page's script runs (or
 * without it) that button is a checkbox and its label, which open the menu by CSS alone.
 */
export function Header() {
  const hydrated = useHydrated();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const noScriptToggle = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const { info } = useGeneralInfo();
  const { site_name: siteName } = useSiteIdentity();
  const t = useT();
  const local = useLocalPath();

  // A menu opened before the script ran stays open when the button takes over.
  useLayoutEffect(() => {
    if (noScriptToggle.current?.checked) setMenuOpen(true);
  }, []);

  // A followed link closes the menu (not the first rendering: a menu opened before the script ran stays open).
  const address = `${location.pathname}${location.search}`;
  const menuAddress = useRef(address);
  useEffect(() => {
    if (menuAddress.current === address) return;
    menuAddress.current = address;
    setMenuOpen(false);
  }, [address]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to={local('/')} className="site-header__logo">
          {info?.logo_1_url ? (
            <img src={info.logo_1_url} alt={siteName} width={240} height={60} />
          ) : (
            <span>{siteName}</span>
          )}
        </Link>
        {hydrated ? null : (
          <input
            ref={noScriptToggle}
            type="checkbox"
            id={`${menuId}-toggle`}
            className="site-header__toggle-input"
            aria-controls={menuId}
          />
        )}
        {hydrated ? (
          <button
            type="button"
            className="site-header__toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon open={menuOpen} />
            <span className="visually-hidden">{t('layout.menu')}</span>
          </button>
        ) : (
          <label htmlFor={`${menuId}-toggle`} className="site-header__toggle">
            <MenuIcon open={false} />
            <span className="visually-hidden">{t('layout.menu')}</span>
          </label>
        )}
        <div id={menuId} className={`site-header__menu${menuOpen ? ' is-open' : ''}`}>
          <nav className="site-nav" aria-label={t('layout.mainNav')}>
            <ul>
              <li>
                <NavLink to={local('/')} end className={navClass}>
                  {t('layout.home')}
                </NavLink>
              </li>
              <li>
                <NavLink to={local('/about')} className={navClass}>
                  {t('layout.aboutMe')}
                </NavLink>
              </li>
              <li>
                <PostsDropdown />
              </li>
              <li>
                <NavLink to={local(SITE_ROUTES.pages.portfolio)} className={navClass}>
                  {t('layout.portfolio')}
                </NavLink>
              </li>
              <li>
                <NavLink to={local('/contact')} className={navClass}>
                  {t('layout.contact')}
                </NavLink>
              </li>
            </ul>
          </nav>
          <SearchBox onSearch={() => setMenuOpen(false)} />
          <SocialLinks className="site-header__social" />
        </div>
      </div>
    </header>
  );
}
