import { screen, waitFor, within } from '@testing-library/react';
import type { ContactMessageRow } from '@blog/contracts';
import { trpcError } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { confirmDeleteMessage, MessagesPage } from './messages-page';

const message = (id: number, name: string, read: boolean, day: number): ContactMessageRow => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  phone: id === 1 ? '' : '0901 234 567',
  message: `Hello from ${name}`,
  read,
  created_at: `2025-02-0${day}T10:00:00.000Z`,
  topic: null,
  source_path: null,
  visit_source: null,
});
const OLD = message(1, 'Minh', true, 1);
const NEW = message(2, 'Lan', false, 3);
const MID = message(3, 'Hoa', false, 2);

describe('MessagesPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the inbox newest first with every detail, unread ones marked', async () => {
    renderAdmin(<MessagesPage />, { answers: { 'contact.list': () => [OLD, NEW, MID] } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Phone', 'Date', 'Message', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
      'Lan Unread',
      'Hoa Unread',
      'Minh',
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'lan@example.com' })).toHaveAttribute(
      'href',
      'mailto:lan@example.com',
    );
    expect(within(rows[0]).getByRole('link', { name: '0901 234 567' })).toHaveAttribute('href', 'tel:0901234567');
    expect(within(rows[0]).getByText('Hello from Lan')).toBeInTheDocument();
    expect(rows[0]).toHaveClass('admin-row--unread');
    expect(rows[2]).not.toHaveClass('admin-row--unread');
    expect(within(rows[2]).getByRole('button', { name: 'Mark unread Minh' })).toBeInTheDocument();
  });

  it('marks a message read, then unread again', async () => {
    const { user, calls } = renderAdmin(<MessagesPage />, {
      answers: {
        'contact.list': () => [NEW],
        'contact.markRead': (input) => ({ ...NEW, read: (input as { read: boolean }).read }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Mark read Lan' }));
    await user.click(await screen.findByRole('button', { name: 'Mark unread Lan' }));
    expect(await screen.findByRole('button', { name: 'Mark read Lan' })).toBeInTheDocument();
    expect(screen.getByText('Unread')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'contact.markRead').map((call) => call.input)).toEqual([
      { id: 2, read: true },
      { id: 2, read: false },
    ]);
  });

  it('shows why marking failed and keeps the message as it was', async () => {
    const { user } = renderAdmin(<MessagesPage />, {
      answers: {
        'contact.list': () => [NEW],
        'contact.markRead': () => {
          throw trpcError('NOT_FOUND', 404, 'Message not found');
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Mark read Lan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Message not found');
    expect(screen.getByRole('button', { name: 'Mark read Lan' })).toBeEnabled();
  });

  it('deletes after the confirmation and removes the row', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, calls } = renderAdmin(<MessagesPage />, {
      answers: { 'contact.list': () => [NEW, OLD], 'contact.delete': () => ({ status: 200 }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Xóa Minh' }));
    expect(confirm).toHaveBeenCalledWith(confirmDeleteMessage('Minh'));
    expect(confirmDeleteMessage('Minh')).toBe('Bạn có chắc muốn xoá tin nhắn của Minh không?');
    await waitFor(() => expect(screen.queryByText('Hello from Minh')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('The message from Minh has been deleted.');
    expect(calls.find((call) => call.path === 'contact.delete')?.input).toEqual({ id: 1 });
  });

  it('keeps the row and says why when the delete fails; does nothing when declined', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, calls } = renderAdmin(<MessagesPage />, {
      answers: {
        'contact.list': () => [NEW],
        'contact.delete': () => {
          throw trpcError('INTERNAL_SERVER_ERROR', 500, 'The database is not available');
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Xóa Lan' }));
    expect(calls.some((call) => call.path === 'contact.delete')).toBe(false);
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Xóa Lan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not available');
    expect(screen.getByText('Hello from Lan')).toBeInTheDocument();
  });

  it('says so when the inbox is empty, and offers a retry when it cannot be loaded', async () => {
    let attempts = 0;
    const { user } = renderAdmin(<MessagesPage />, {
      answers: {
        'contact.list': () => {
          attempts += 1;
          if (attempts === 1) throw new Error('down');
          return [];
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });

  describe('inquiries', () => {
    const HOMESTAY = {
      ...message(4, 'Thu', false, 4),
      topic: { kind: 'project' as const, slug: 'homestay', title: 'Homestay Hà Giang' },
      source_path: '/portfolio/homestay',
      visit_source: { source: 'facebook' as const, name: 'l.facebook.com' },
    };
    const SPEED = {
      ...message(5, 'Nam', false, 5),
      topic: { kind: 'service' as const, slug: 'speed', title: 'Website speed rescue' },
      source_path: '/services',
    };

    it("shows each message's topic, linking its page, and the page it was sent from", async () => {
      renderAdmin(<MessagesPage />, { answers: { 'contact.list': () => [HOMESTAY, SPEED, OLD] } });
      const rows = within(await screen.findByRole('table'))
        .getAllByRole('row')
        .slice(1);
      expect(within(rows[1]).getByRole('link', { name: 'Homestay Hà Giang' })).toHaveAttribute(
        'href',
        '/portfolio/homestay',
      );
      expect(rows[1]).toHaveTextContent('About project: Homestay Hà Giang');
      expect(rows[1]).toHaveTextContent('Sent from /portfolio/homestay');
      expect(rows[1]).toHaveTextContent('The visit came from Facebook (l.facebook.com)');
      expect(within(rows[0]).getByRole('link', { name: 'Website speed rescue' })).toHaveAttribute(
        'href',
        '/services#speed',
      );
      expect(rows[2]).not.toHaveTextContent('About');
      expect(rows[2]).not.toHaveTextContent('Sent from');
      expect(rows[2]).not.toHaveTextContent('The visit came from');
    });

    it('filters by topic (a kind, or one project or service) and by source page through contact.list', async () => {
      const { user, calls } = renderAdmin(<MessagesPage />, {
        answers: {
          'contact.list': (input) => {
            const query = (input ?? {}) as { topic?: string; slug?: string; from?: string };
            return [HOMESTAY, SPEED, OLD].filter(
              (row) =>
                (!query.topic || (row.topic?.kind ?? 'none') === query.topic) &&
                (!query.slug || row.topic?.slug === query.slug) &&
                (!query.from || row.source_path === query.from),
            );
          },
        },
      });
      await screen.findByRole('table');
      const topic = screen.getByLabelText('Topic');
      expect(
        within(topic)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        'All messages',
        'Every project',
        'Every service',
        'No topic',
        'Project: Homestay Hà Giang',
        'Service: Website speed rescue',
      ]);
      const names = () =>
        within(screen.getByRole('table'))
          .getAllByRole('row')
          .slice(1)
          .map((row) => within(row).getAllByRole('cell')[0].textContent);

      await user.selectOptions(topic, 'Service: Website speed rescue');
      await waitFor(() => expect(names()).toEqual(['Nam Unread']));
      await user.selectOptions(topic, 'No topic');
      await waitFor(() => expect(names()).toEqual(['Minh']));
      await user.selectOptions(topic, 'All messages');
      await user.selectOptions(screen.getByLabelText('Source page'), '/portfolio/homestay');
      await waitFor(() => expect(names()).toEqual(['Thu Unread']));
      expect(calls.filter((call) => call.path === 'contact.list').map((call) => call.input)).toEqual([
        undefined,
        { topic: 'service', slug: 'speed' },
        { topic: 'none' },
        undefined, // all messages again: read afresh
        { from: '/portfolio/homestay' },
      ]);

      await user.selectOptions(topic, 'Every service');
      expect(await screen.findByText('No messages match these filters.')).toBeInTheDocument();
    });
  });
});
