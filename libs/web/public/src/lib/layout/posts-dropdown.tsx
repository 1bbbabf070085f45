import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { trpc } from '@blog/web/data';
import { langInput, useLocalPath, useReadLanguage, useT } from '../i18n/language-context';
import { ChevronIcon } from './icons';
import { useHydrated } from './use-hydrated';

/**
 * "Posts": a disclosure listing the categories and All Posts. It closes on Escape (focus back on
 * its button), on a click or focus outside it, and when one of its links is followed. Until the
 * page's script runs (or without it) it is a `<details>`, which the browser opens by itself.
 */
export function PostsDropdown() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const noScriptDisclosure = useRef<HTMLDetailsElement>(null);
  const categories = trpc.categories.links.useQuery(langInput(useReadLanguage()));
  const t = useT();
  const local = useLocalPath();

  // Opened before the script ran, it stays open when the button takes over.
  useLayoutEffect(() => {
    if (noScriptDisclosure.current?.open) setOpen(true);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const close = () => setOpen(false);

  const links = (
    <>
      {categories.data?.map((category) => (
        <li key={category.slug}>
          <Link to={local(`/category/${category.slug}`)} onClick={close}>
            {category.name}
          </Link>
        </li>
      ))}
      <li className="posts-dropdown__all">
        <Link to={local('/posts')} onClick={close}>
          {t('layout.allPosts')}
        </Link>
      </li>
    </>
  );

  if (!hydrated) {
    return (
      // Opened by the visitor before hydration: the attribute differs from the server's, as it should.
      <details className="posts-dropdown" ref={noScriptDisclosure} suppressHydrationWarning>
        <summary className="site-nav__link posts-dropdown__button">
          {t('layout.posts')} <ChevronIcon />
        </summary>
        <ul id={menuId} className="posts-dropdown__menu">
          {links}
        </ul>
      </details>
    );
  }

  return (
    <div
      className={`posts-dropdown${open ? ' is-open' : ''}`}
      ref={root}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="site-nav__link posts-dropdown__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {t('layout.posts')} <ChevronIcon />
      </button>
      <ul id={menuId} className="posts-dropdown__menu" hidden={!open}>
        {links}
      </ul>
    </div>
  );
}
