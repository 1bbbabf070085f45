import { screen, waitFor } from '@testing-library/react';
import type { AdminComment, ContactMessageRow } from '@blog/contracts';
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

  it("shows the held comments' count beside Comments and keeps it current after an approval", async () => {
    let pending = 1;
    const held = {
      id: 5,
      parent_id: null,
      author_name: 'Lan',
      author_url: null,
      body: 'Hello',
      by_owner: false,
      created_at: '2026-03-01T08:00:00.000Z',
      post: { id: 1, title: 'A post', slug: 'a-post' },
      project: null,
      author_email: 'lan@example.com',
      state: 'pending',
      notify_replies: false,
      spam_score: 0,
      signals: [],
      address_hash: null,
      user_agent: '',
      approved_at: null,
      updated_at: '2026-03-01T08:00:00.000Z',
    } satisfies AdminComment;
    const { user } = renderAdmin(<AdminApp />, {
      path: '/admin/comments',
      route: '/admin/*',
      answers: {
        'auth.adminCheck': () => ({ is_admin: 1, name: 'Owner' }),
        'contact.list': () => [],
        'posts.adminList': () => ({ rows: [], total: 0 }),
        'commentsAdmin.counts': () => ({ pending, approved: 1 - pending, spam: 0, trash: 0 }),
        'commentsAdmin.list': () => ({ comments: [held], total: 1, page: 1, page_size: 50 }),
        'commentsAdmin.approve': () => {
          pending = 0;
          return { ...held, state: 'approved' };
        },
      },
    });
    expect(await screen.findByRole('link', { name: 'Comments 1 pending' })).toHaveAttribute('href', '/admin/comments');
    await user.click(await screen.findByRole('button', { name: 'Approve the comment by Lan' }));
    expect(await screen.findByRole('link', { name: 'Comments' })).toBeInTheDocument();
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
