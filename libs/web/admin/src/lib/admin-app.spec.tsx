import { screen, waitFor } from '@testing-library/react';
import type { ContactMessageRow } from '@blog/contracts';
import { renderAdmin } from '../testing/render-admin';
import { AdminApp } from './admin-app';

const message = (id: number, read: boolean): ContactMessageRow => ({
  id,
  name: `Sender ${id}`,
  email: `sender${id}@example.com`,
  phone: '',
  message: `Message ${id}`,
  read,
  created_at: `2025-02-1${id}T10:00:00.000Z`,
  topic: null,
  source_path: null,
  visit_source: null,
});

describe('AdminApp', () => {
  it('shows the unread messages on the notifications button and keeps it current', async () => {
    const { user } = renderAdmin(<AdminApp />, {
      path: '/admin/messages',
      route: '/admin/*',
      answers: {
        'auth.adminCheck': () => ({ is_admin: 1, name: 'Owner' }),
        'contact.list': () => [message(1, false), message(2, false), message(3, true)],
        'contact.markRead': () => message(2, true),
      },
    });
    const bell = await screen.findByRole('link', { name: 'Notifications: 2 unread messages' });
    expect(bell).toHaveAttribute('href', '/admin/messages');
    expect(bell).toHaveTextContent('2');
    await user.click(await screen.findByRole('button', { name: 'Mark read Sender 2' }));
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications: 1 unread messages'));
  });

  it('opens the dashboard at /admin', async () => {
    renderAdmin(<AdminApp />, {
      path: '/admin',
      route: '/admin/*',
      answers: {
        'auth.adminCheck': () => ({ is_admin: 1, name: 'Owner' }),
        'contact.list': () => [],
        'posts.adminCounts': () => ({ total: 0, hidden: 0, drafts: 0, scheduled: 0 }),
        'categories.list': () => [],
      },
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
    expect(await screen.findByRole('link', { name: '0 Posts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications: 0 unread messages' })).toBeInTheDocument();
  });

  it('opens Import & export from its nav link', async () => {
    const { user } = renderAdmin(<AdminApp />, {
      path: '/admin/messages',
      route: '/admin/*',
      answers: {
        'auth.adminCheck': () => ({ is_admin: 1, name: 'Owner' }),
        'contact.list': () => [],
        'imports.list': () => [],
        'exports.list': () => [],
        'backups.list': () => [],
      },
    });
    await user.click(await screen.findByRole('link', { name: 'Import & export' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/import-export');
    expect(await screen.findByRole('heading', { name: 'Import & export', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check (dry run)' })).toBeInTheDocument();
  });
});
