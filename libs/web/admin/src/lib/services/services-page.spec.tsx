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

describe('ServicesPage languages', () => {
  const VI_WEBSITE = service(12, 'Làm website', { language: 'vi', hidden: true });
  const PAIR = { id: 12, language: 'vi' as const, title: 'Làm website', slug: 'lam-website', state: 'hidden' as const };
  /** The stored services; `services.adminList` answers one language's when asked for it. */
  const listOf =
    (stored: () => Service[]) =>
    (input: unknown): Service[] => {
      const language = (input as { language?: string } | undefined)?.language;
      return stored().filter((row) => !language || row.language === language);
    };

  it("shows each service's language and its version; Create makes a hidden version and opens it, Edit opens one, Unlink separates them", async () => {
    let stored = [WEBSITE, RESCUE];
    const { user, calls } = renderAdmin(<ServicesPage />, {
      answers: {
        'services.adminList': listOf(() => stored),
        'services.translate': () => {
          const created = {
            ...VI_WEBSITE,
            translations: [{ ...PAIR, id: 1, language: 'en' as const, title: 'Website' }],
          };
          stored = [{ ...WEBSITE, translations: [PAIR] }, RESCUE, created];
          return created;
        },
        'services.unlinkTranslation': () => {
          stored = [WEBSITE, RESCUE, VI_WEBSITE];
          return VI_WEBSITE;
        },
      },
    });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').at(-2)).toHaveTextContent('Language');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('envi: missing');

    await user.click(screen.getByRole('button', { name: 'Sửa Website' }));
    const dialog = screen.getByRole('dialog', { name: 'Update service' });
    expect(within(dialog).getByLabelText('Language')).toHaveValue('en');
    await user.click(within(dialog).getByRole('button', { name: 'Create the Vietnamese version' }));
    expect(
      await screen.findByText('The Vietnamese version has been created, hidden until you show it.'),
    ).toHaveAttribute('role', 'status');
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Update service' })).toHaveTextContent('English Website'),
    );
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Làm website');
    expect(screen.getByLabelText('Language')).toHaveValue('vi');
    expect(calledWith(calls, 'services.translate')).toEqual([{ id: 1, language: 'vi' }]);

    await user.click(screen.getByRole('button', { name: 'Edit Website' }));
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Website'));
    await user.click(screen.getByRole('button', { name: 'Unlink Làm website' }));
    expect(await screen.findByText('Làm website is no longer linked as a translation.')).toBeInTheDocument();
    expect(calledWith(calls, 'services.unlinkTranslation')).toEqual([{ id: 12 }]);
  });

  it('links an existing Vietnamese service found by name; a refusal names why', async () => {
    const { user, calls } = renderAdmin(<ServicesPage />, {
      answers: {
        'services.adminList': listOf(() => [WEBSITE, VI_WEBSITE, service(13, 'Cứu tốc độ', { language: 'vi' })]),
        'services.linkTranslation': () => {
          throw trpcError('CONFLICT', 409, 'A translation group would have two services in one language', [
            { field: 'translation_id', message: 'A translation group would have two services in one language' },
          ]);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sửa Website' }));
    await user.click(screen.getByRole('button', { name: 'Link an existing service' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find a Vietnamese service by name' }), 'web');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Link Cứu tốc độ' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Link Làm website' }));
    expect(await screen.findByText('A translation group would have two services in one language')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(calledWith(calls, 'services.linkTranslation')).toEqual([{ id: 1, translation_id: 12 }]);
  });

  it('shows no Language column, field or Translations on a site that runs one language', async () => {
    const { user } = renderAdmin(<ServicesPage />, {
      answers: {
        'siteInfo.list': () => [{ default_language: 'en', languages: ['en'] }],
        'services.adminList': () => [WEBSITE],
      },
    });
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('columnheader', { name: 'Language' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sửa Website' }));
    const dialog = screen.getByRole('dialog', { name: 'Update service' });
    expect(within(dialog).queryByLabelText('Language')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Translations' })).not.toBeInTheDocument();
  });
});
