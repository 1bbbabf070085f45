import { Bell, Menu, UserRound } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { trpc, useSiteIdentity } from '@blog/web/data';
import { authName } from '../auth/auth-storage';
import { FormMessage } from '../forms/form-message';
import { LABELS } from '../labels';
import { useWindowWidth } from './use-window-width';

/** A business constant: the sidebar starts closed at a window width of 768 or less. */
export const SIDEBAR_BREAKPOINT = 768;

const NAV_LINKS = [
  { to: '/admin/dashboard', label: LABELS.nav.dashboard },
  { to: '/admin/view-category', label: LABELS.nav.categories },
  { to: '/admin/view-post', label: LABELS.nav.posts },
  { to: '/admin/add-post', label: LABELS.nav.addPost },
  { to: '/admin/trash', label: LABELS.nav.trash },
  { to: '/admin/projects', label: LABELS.nav.projects },
  { to: '/admin/services', label: LABELS.nav.services },
  { to: '/admin/testimonials', label: LABELS.nav.testimonials },
  { to: '/admin/general-info', label: LABELS.nav.generalInfo },
  { to: '/admin/about', label: LABELS.nav.about },
  { to: '/admin/sitemap', label: LABELS.nav.sitemap },
  { to: '/admin/users', label: LABELS.nav.users },
  { to: '/admin/messages', label: LABELS.nav.messages },
  { to: '/admin/comments', label: LABELS.nav.comments },
  { to: '/admin/subscribers', label: LABELS.nav.subscribers },
  { to: '/admin/redirects', label: LABELS.nav.redirects },
  { to: '/admin/webhooks', label: LABELS.nav.webhooks },
  { to: '/admin/import-export', label: LABELS.nav.importExport },
];

/** The top bar's icons (lucide's SVGs, not emoji: those need an emoji font): the button around each names it. */
const ICON = { size: 20, 'aria-hidden': true, focusable: false } as const;

/**
 * The admin frame: collapsible sidebar (Comments with how many wait for approval: `pendingComments`),
 * top bar with greeting, notifications and the user menu.
 */
export function AdminLayout({
  name,
  unread,
  pendingComments,
  children,
}: {
  name: string;
  unread?: number;
  pendingComments?: number;
  children: ReactNode;
}) {
  const width = useWindowWidth();
  const narrow = width <= SIDEBAR_BREAKPOINT;
  const [open, setOpen] = useState(!narrow);
  const wasNarrow = useRef(narrow);
  const { site_name: siteName } = useSiteIdentity();
  // Crossing the breakpoint resets the sidebar to that width's default.
  useEffect(() => {
    if (wasNarrow.current !== narrow) setOpen(!narrow);
    wasNarrow.current = narrow;
  }, [narrow]);

  return (
    <div className={`admin-shell ${open ? 'admin-shell--open' : 'admin-shell--closed'}`}>
      <title>{`Admin | ${siteName}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <nav id="admin-sidebar" className="admin-sidebar" aria-label="Admin" hidden={!open}>
        <Link to="/" className="admin-brand">
          {siteName}
        </Link>
        <ul>
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} onClick={() => narrow && setOpen(false)}>
                {link.label}
                {link.to === '/admin/comments' && pendingComments ? (
                  <>
                    {' '}
                    <span className="admin-nav-badge">
                      {pendingComments}
                      <span className="visually-hidden"> {LABELS.comments.pending}</span>
                    </span>
                  </>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-main">
        <header className="admin-topbar">
          <button
            type="button"
            className="admin-icon-button"
            aria-controls="admin-sidebar"
            aria-expanded={open}
            aria-label={open ? 'Close the menu' : 'Open the menu'}
            onClick={() => setOpen((value) => !value)}
          >
            <Menu {...ICON} />
          </button>
          <p className="admin-greeting">{LABELS.greeting(name)}</p>
          <Link
            to="/admin/messages"
            className="admin-icon-button admin-notifications"
            aria-label={`Notifications: ${unread ?? 0} unread messages`}
          >
            <Bell {...ICON} />
            {unread ? (
              <span className="admin-badge" aria-hidden="true">
                {unread}
              </span>
            ) : null}
          </Link>
          <UserMenu />
        </header>
        <main className="admin-content">{children}</main>
      </div>
    </div>
  );
}

function UserMenu() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const logout = trpc.auth.logout.useMutation();

  const signOut = async () => {
    setError(null);
    try {
      await logout.mutateAsync();
      authName.clear();
      utils.invalidate();
      navigate('/', { replace: true });
    } catch {
      setError('Signing out failed. Try again.');
    }
  };

  return (
    <div className="admin-user-menu">
      <button
        type="button"
        className="admin-icon-button"
        aria-label="User menu"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <UserRound {...ICON} />
      </button>
      {open && (
        <ul role="menu" className="admin-menu">
          <li role="none">
            <Link role="menuitem" to="/admin/profile" onClick={() => setOpen(false)}>
              {LABELS.profile}
            </Link>
          </li>
          <li role="none">
            <button role="menuitem" type="button" onClick={() => void signOut()} disabled={logout.isPending}>
              {LABELS.signOut}
            </button>
          </li>
        </ul>
      )}
      <FormMessage error={error} />
    </div>
  );
}
