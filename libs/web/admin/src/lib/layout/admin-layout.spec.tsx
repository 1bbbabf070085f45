import { act, screen, waitFor, within } from '@testing-library/react';
import { SITE_IDENTITY_DEFAULTS } from '@blog/contracts';
import { renderAdmin } from '../../testing/render-admin';
import { AUTH_NAME_KEY } from '../labels';
import { AdminGuard } from './admin-guard';
import { AdminLayout } from './admin-layout';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

describe('AdminLayout', () => {
  afterEach(() => setWidth(1024));

  it('greets the user and lists the admin links, Users included', () => {
    setWidth(1280);
    renderAdmin(<AdminLayout name="Phương">content</AdminLayout>);
    expect(screen.getByText('Xin chào Phương!')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    for (const [label, href] of [
      ['Dashboard', '/admin/dashboard'],
      ['View Categories', '/admin/view-category'],
      ['View Posts', '/admin/view-post'],
      ['Add Post', '/admin/add-post'],
      ['General Information', '/admin/general-info'],
      ['About us', '/admin/about'],
      ['Sitemap', '/admin/sitemap'],
      ['Users', '/admin/users'],
      ['Messages', '/admin/messages'],
      ['Comments', '/admin/comments'],
      ['Subscribers', '/admin/subscribers'],
      ['Redirects', '/admin/redirects'],
      ['Webhooks', '/admin/webhooks'],
      ['Import & export', '/admin/import-export'],
    ]) {
      expect(nav.querySelector(`a[href="${href}"]`)).toHaveTextContent(label);
    }
  });

  it('shows after Comments how many wait for approval, and nothing when none does', () => {
    setWidth(1280);
    const { unmount } = renderAdmin(
      <AdminLayout name="A" pendingComments={3}>
        content
      </AdminLayout>,
    );
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Comments 3 pending' })).toHaveAttribute('href', '/admin/comments');
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links.indexOf('/admin/comments')).toBe(links.indexOf('/admin/messages') + 1);
    unmount();
    renderAdmin(
      <AdminLayout name="A" pendingComments={0}>
        content
      </AdminLayout>,
    );
    const after = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(after).getByRole('link', { name: 'Comments' })).toBeInTheDocument();
  });

  it('names the site as General information does, in the brand link and the title', async () => {
    setWidth(1280);
    renderAdmin(<AdminLayout name="Lan">content</AdminLayout>, {
      answers: { 'siteInfo.list': () => [{ ...SITE_IDENTITY_DEFAULTS, site_name: 'Nhật ký của Lan' }] },
    });
    expect(await screen.findByRole('link', { name: 'Nhật ký của Lan' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Admin | Nhật ký của Lan'));
  });

  it('draws the top bar icons as hidden SVGs (no emoji) inside named controls', () => {
    setWidth(1280);
    renderAdmin(
      <AdminLayout name="A" unread={2}>
        content
      </AdminLayout>,
    );
    const topbar = screen.getByRole('banner');
    expect(topbar.textContent).not.toMatch(/\p{Extended_Pictographic}|☰/u);
    for (const control of [
      screen.getByRole('button', { name: 'Close the menu' }),
      screen.getByRole('link', { name: 'Notifications: 2 unread messages' }),
      screen.getByRole('button', { name: 'User menu' }),
    ]) {
      const icon = control.querySelector('svg');
      expect(icon).not.toBeNull();
      expect(icon).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('starts with the sidebar closed at 768 px or less and opens it with the toggle', async () => {
    setWidth(768);
    const { user } = renderAdmin(<AdminLayout name="A">content</AdminLayout>);
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  });

  it('starts open above 768 px and closes when the window narrows', async () => {
    setWidth(769);
    renderAdmin(<AdminLayout name="A">content</AdminLayout>);
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    act(() => {
      setWidth(500);
      window.dispatchEvent(new Event('resize'));
    });
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument());
  });

  it("signs out with 'Đăng xuất': the server call, auth_name removed, home page", async () => {
    window.localStorage.setItem(AUTH_NAME_KEY, 'a@example.com');
    const { user, calls } = renderAdmin(<AdminLayout name="A">content</AdminLayout>, {
      path: '/admin/dashboard',
      answers: { 'auth.logout': () => ({ status: 200 }) },
    });
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(screen.getByRole('menuitem', { name: 'Thông tin cá nhân' })).toHaveAttribute('href', '/admin/profile');
    await user.click(screen.getByRole('menuitem', { name: 'Đăng xuất' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(window.localStorage.getItem(AUTH_NAME_KEY)).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['auth.logout']);
  });
});

describe('AdminGuard', () => {
  const guarded = <AdminGuard>{(name) => <p>admin area of {name}</p>}</AdminGuard>;

  it('shows a spinner while the check runs, then the admin area', async () => {
    let resolve: (value: unknown) => void = () => undefined;
    const { calls } = renderAdmin(guarded, { answers: { 'auth.adminCheck': () => new Promise((r) => (resolve = r)) } });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => resolve({ is_admin: 1, name: 'Owner' }));
    expect(await screen.findByText('admin area of Owner')).toBeInTheDocument();
  });

  it('sends a visitor without a session to /login and clears a stale auth_name', async () => {
    window.localStorage.setItem(AUTH_NAME_KEY, 'stale@example.com');
    renderAdmin(guarded, {
      path: '/admin/dashboard',
      answers: { 'auth.adminCheck': () => ({ is_admin: 0, name: '' }) },
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(window.localStorage.getItem(AUTH_NAME_KEY)).toBeNull();
  });

  it('sends a signed-in non-admin to the home page', async () => {
    renderAdmin(guarded, {
      path: '/admin/dashboard',
      answers: { 'auth.adminCheck': () => ({ is_admin: 0, name: 'Reader' }) },
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.queryByText(/admin area/)).not.toBeInTheDocument();
  });

  it('offers a retry when the check fails', async () => {
    renderAdmin(guarded, {
      answers: {
        'auth.adminCheck': () => {
          throw new Error('network down');
        },
      },
    });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
