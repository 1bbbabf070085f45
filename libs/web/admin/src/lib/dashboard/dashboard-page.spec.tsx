import { screen, within } from '@testing-library/react';
import type { AdminPostCounts, Category, ContactMessageRow } from '@blog/contracts';
import { renderAdmin } from '../../testing/render-admin';
import { DashboardPage } from './dashboard-page';
import { NO_STATS } from '../../testing/stats-answers';

const category = (id: number, slug: string): Category => ({
  version: 1,
  id,
  name: slug,
  slug,
  description: '',
  subscribable: true,
  updated_at: '2025-01-05T10:00:00.000Z',
  language: 'en',
  translations: [],
});
const message = (id: number, read: boolean): ContactMessageRow => ({
  id,
  name: `Sender ${id}`,
  email: `sender${id}@example.com`,
  phone: '',
  message: `Message number ${id}`,
  read,
  created_at: `2025-02-${String(10 + id)}T10:00:00.000Z`,
  topic: null,
  source_path: null,
  visit_source: null,
});

const ANSWERS = {
  ...NO_STATS,
  'posts.adminCounts': (): AdminPostCounts => ({ total: 7, hidden: 1, drafts: 2, scheduled: 3, trashed: 4 }),
  'categories.list': () => [category(1, 'story'), category(2, 'poem')],
  'contact.list': () => [6, 5, 4, 3, 2, 1].map((id) => message(id, id % 2 === 0)),
};

describe('DashboardPage', () => {
  it('counts posts, hidden posts, drafts, scheduled posts, trashed posts, categories and unread messages, each leading to its screen', async () => {
    const { calls } = renderAdmin(<DashboardPage />, { answers: ANSWERS });
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    // The counts and each part of the statistics load on their own.
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading');
    expect(await screen.findByRole('link', { name: '7 Posts' })).toHaveAttribute('href', '/admin/view-post');
    expect(screen.getByRole('link', { name: '1 Hidden posts' })).toHaveAttribute('href', '/admin/view-post');
    expect(screen.getByRole('link', { name: '2 Drafts' })).toHaveAttribute('href', '/admin/view-post');
    expect(screen.getByRole('link', { name: '3 Scheduled posts' })).toHaveAttribute('href', '/admin/view-post');
    expect(screen.getByRole('link', { name: '4 Posts in the trash' })).toHaveAttribute('href', '/admin/trash');
    expect(screen.getByRole('link', { name: '2 Categories' })).toHaveAttribute('href', '/admin/view-category');
    expect(screen.getByRole('link', { name: '3 Unread messages' })).toHaveAttribute('href', '/admin/messages');
    // The counts alone: no post list is downloaded to count it.
    expect(calls.map((call) => call.path)).toContain('posts.adminCounts');
    expect(calls.map((call) => call.path)).not.toContain('posts.adminList');
  });

  it('shows the 5 latest messages, newest first, and links to the inbox', async () => {
    renderAdmin(<DashboardPage />, { answers: ANSWERS });
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^Sender/).textContent)).toEqual([
      'Sender 6',
      'Sender 5',
      'Sender 4',
      'Sender 3',
      'Sender 2',
    ]);
    expect(within(items[1]).getByText('Unread')).toBeInTheDocument();
    expect(within(items[0]).queryByText('Unread')).not.toBeInTheDocument();
    expect(within(items[0]).getByText('Message number 6')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All messages' })).toHaveAttribute('href', '/admin/messages');
  });

  it('says when there are no messages', async () => {
    renderAdmin(<DashboardPage />, { answers: { ...ANSWERS, 'contact.list': () => [] } });
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0 Unread messages' })).toBeInTheDocument();
  });

  it('offers a retry when a count cannot be loaded, and asks again only for it', async () => {
    let attempts = 0;
    const { user, calls } = renderAdmin(<DashboardPage />, {
      answers: {
        ...ANSWERS,
        'categories.list': () => {
          attempts += 1;
          if (attempts === 1) throw new Error('down');
          return [category(1, 'story')];
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: '1 Categories' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'posts.adminCounts')).toHaveLength(1);
    expect(calls.filter((call) => call.path === 'categories.list')).toHaveLength(2);
  });
});
