import { screen, waitFor, within } from '@testing-library/react';
import type { ChangeAuthor, Service } from '@blog/contracts';
import { trpcError } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { ServicesPage } from './services-page';

const service = (id: number, name: string, fields: Partial<Service> = {}): Service => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  summary: '',
  deliverables: [],
  duration: '',
  price_vnd: null,
  price_usd: null,
  cover: null,
  position: id - 1,
  hidden: false,
  language: 'en',
  translations: [],
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  version: 1,
  ...fields,
});
const WEBSITE = service(1, 'Website', { price_vnd: 15_000_000, price_usd: 600, duration: '3–5 weeks' });
const RESCUE = service(2, 'Speed rescue');
const CARE = service(3, 'Care plan', { hidden: true });
const OWNER = { id: 1, email: 'phuong@example.com', name: 'Phương', is_admin: 1 };
const CHANGED: ChangeAuthor = {
  at: '2026-11-27T07:32:00.000Z',
  user_id: 2,
  user_name: 'Thuy',
  via: 'trpc',
  session: null,
};

const calledWith = (calls: Array<{ path: string; input: unknown }>, path: string) =>
  calls.filter((call) => call.path === path).map((call) => call.input);

describe('ServicesPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the services in order with their price line and state', async () => {
    renderAdmin(<ServicesPage />, { answers: { 'services.adminList': () => [WEBSITE, RESCUE, CARE] } });
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => (row as HTMLTableRowElement).cells[1].textContent)).toEqual([
      'Website',
      'Speed rescue',
      'Care plan',
    ]);
    expect(rows[0]).toHaveTextContent('15.000.000 đ · 600 USD');
    expect(rows[1]).toHaveTextContent('On request');
    expect(rows[2]).toHaveTextContent('Hidden');
  });

  it('moves a service from the keyboard: the order is saved and announced, and the focus follows the row', async () => {
    let stored = [WEBSITE, RESCUE, CARE];
    const { user, calls } = renderAdmin(<ServicesPage />, {
      answers: {
        'services.adminList': () => stored,
        'services.reorder': (input) => {
          const { ids } = input as { ids: number[] };
          stored = ids.map((id) => stored.find((service) => service.id === id) as Service);
          return {};
        },
      },
    });
    const down = await screen.findByRole('button', { name: 'Move Website down' });
    expect(screen.getByRole('button', { name: 'Move Website up' })).toBeDisabled();
    down.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calledWith(calls, 'services.reorder')).toEqual([{ ids: [2, 1, 3] }]));
    expect(await screen.findByRole('status')).toHaveTextContent('Website moved to position 2 of 3.');
    expect(screen.getByRole('button', { name: 'Move Website down' })).toHaveFocus();

    // Back to the top: its ↑ is disabled there, so the focus goes to its ↓.
    screen.getByRole('button', { name: 'Move Website up' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calledWith(calls, 'services.reorder')).toHaveLength(2));
    expect(calledWith(calls, 'services.reorder')[1]).toEqual({ ids: [1, 2, 3] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Website down' })).toHaveFocus());
  });

  it('puts the stored order back when the reorder fails', async () => {
    const { user } = renderAdmin(<ServicesPage />, {
      answers: {
        'services.adminList': () => [WEBSITE, RESCUE],
        'services.reorder': () => {
          throw trpcError('BAD_REQUEST', 400, 'ids must name every service');
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Move Speed rescue up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The new order could not be saved');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => (row as HTMLTableRowElement).cells[1].textContent)).toEqual(['Website', 'Speed rescue']);
  });

  it('asks for the name and a price (or On request) before calling the server, then shows the server’s field errors', async () => {
    const { user, calls } = renderAdmin(<ServicesPage />, {
      answers: {
        'services.adminList': () => [],
        'services.create': () => {
          throw trpcError('BAD_REQUEST', 400, 'Invalid input', [{ field: 'price_usd', message: 'is too large' }]);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add service' }));
    const dialog = screen.getByRole('dialog', { name: 'Add service' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('A price from, or On request')).toBeInTheDocument();
    expect(calledWith(calls, 'services.create')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Name/), 'Thiết kế website');
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('thiet-ke-website');
    await user.type(within(dialog).getByLabelText('What is delivered'), 'Design{Enter}  {Enter}Build');
    await user.type(within(dialog).getByLabelText(/^From \(VND\)/), '15000000');
    await user.type(within(dialog).getByLabelText('From (USD, optional)'), '99999999999');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const usd = within(dialog).getByLabelText('From (USD, optional)');
    await waitFor(() => expect(usd).toHaveAccessibleDescription('is too large'));
    expect(calledWith(calls, 'services.create')[0]).toMatchObject({
      name: 'Thiết kế website',
      slug: 'thiet-ke-website',
      deliverables: ['Design', 'Build'],
      price_vnd: 15_000_000,
      price_usd: 99_999_999_999,
    });
  });

  it('saves a service on request with no price, and shows a version conflict', async () => {
    const { user, calls } = renderAdmin(<ServicesPage />, {
      answers: {
        'auth.me': () => OWNER,
        'services.adminList': () => [WEBSITE],
        'services.update': () => {
          throw trpcError('CONFLICT', 409, 'This service was changed meanwhile', undefined, {
            conflict: { current: { ...WEBSITE, version: 2, name: 'Websites' }, changed: CHANGED },
          });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sửa Website' }));
    const dialog = screen.getByRole('dialog', { name: 'Update service' });
    await user.click(within(dialog).getByLabelText('On request'));
    expect(within(dialog).queryByLabelText(/^From \(VND\)/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('dialog', { name: 'Thuy saved this meanwhile' })).toBeInTheDocument();
    expect(calledWith(calls, 'services.update')[0]).toMatchObject({
      id: 1,
      version: 1,
      price_vnd: null,
      price_usd: null,
    });
  });
});
