import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChangeAuthor, Project, Testimonial } from '@blog/contracts';
import { trpcError } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { TestimonialsPage } from './testimonials-page';

const testimonial = (id: number, name: string, fields: Partial<Testimonial> = {}): Testimonial => ({
  id,
  name,
  role: '',
  company: '',
  photo: null,
  quote: 'Bookings went up the first month.',
  project_id: null,
  consented_on: '2026-10-01',
  source_url: null,
  position: id - 1,
  hidden: false,
  language: 'en',
  translations: [],
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  version: 1,
  ...fields,
});
const HOMESTAY = { id: 4, title: 'Homestay booking site' } as Project;
const LAN = testimonial(1, 'Nguyễn Lan', { company: 'Sapa Homestay', project_id: 4 });
const MINH = testimonial(2, 'Trần Minh');
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
const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => (row as HTMLTableRowElement).cells[1].textContent);

describe('TestimonialsPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the testimonials with the project each is about, and reorders them by drag and by keyboard', async () => {
    const { user, calls } = renderAdmin(<TestimonialsPage />, {
      answers: {
        'projects.adminList': () => [HOMESTAY],
        'testimonials.adminList': () => [LAN, MINH],
        'testimonials.reorder': () => ({}),
      },
    });
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('Homestay booking site');

    // Dragged: Trần Minh dropped on Nguyễn Lan's row.
    const [lanRow, minhRow] = rows;
    fireEvent.dragStart(minhRow, { dataTransfer: { setData: jest.fn(), effectAllowed: '' } });
    fireEvent.dragOver(lanRow);
    fireEvent.drop(lanRow);
    await waitFor(() => expect(calledWith(calls, 'testimonials.reorder')).toEqual([{ ids: [2, 1] }]));
    expect(names()).toEqual(['Trần Minh', 'Nguyễn Lan']);

    // Then back with the keyboard (the list read again still answers the old order here: it shows the one moved).
    await user.click(screen.getByRole('button', { name: 'Move Nguyễn Lan up' }));
    await waitFor(() => expect(calledWith(calls, 'testimonials.reorder')).toHaveLength(2));
  });

  it('asks for the name, the quote and the consent date before calling the server', async () => {
    const { user, calls } = renderAdmin(<TestimonialsPage />, {
      answers: { 'projects.adminList': () => [HOMESTAY], 'testimonials.adminList': () => [] },
    });
    await user.click(await screen.findByRole('button', { name: 'Add testimonial' }));
    const dialog = screen.getByRole('dialog', { name: 'Add testimonial' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Quote is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Agreed to be quoted on/)).toHaveAttribute('aria-invalid', 'true');
    expect(calledWith(calls, 'testimonials.create')).toEqual([]);
  });

  it('sends the project chosen and shows the server’s 400 beside its field', async () => {
    const { user, calls } = renderAdmin(<TestimonialsPage />, {
      answers: {
        'projects.adminList': () => [HOMESTAY],
        'testimonials.adminList': () => [],
        'testimonials.create': () => {
          throw trpcError('BAD_REQUEST', 400, 'Invalid input', [
            { field: 'source_url', message: 'must be an http(s) URL' },
          ]);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add testimonial' }));
    const dialog = screen.getByRole('dialog', { name: 'Add testimonial' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Nguyễn Lan');
    await user.type(within(dialog).getByLabelText(/^Quote/), 'Bookings went up.');
    await user.selectOptions(within(dialog).getByLabelText('Project'), 'Homestay booking site');
    fireEvent.change(within(dialog).getByLabelText(/^Agreed to be quoted on/), { target: { value: '2026-10-01' } });
    await user.type(within(dialog).getByLabelText('Source link'), 'https://example.com/review');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const source = within(dialog).getByLabelText('Source link');
    await waitFor(() => expect(source).toHaveAttribute('aria-invalid', 'true'));
    expect(source).toHaveAccessibleDescription(/must be an http\(s\) URL/);
    expect(calledWith(calls, 'testimonials.create')[0]).toMatchObject({
      name: 'Nguyễn Lan',
      quote: 'Bookings went up.',
      project_id: 4,
      consented_on: '2026-10-01',
      source_url: 'https://example.com/review',
    });
  });

  it('sends the version it loaded and shows a conflict', async () => {
    const { user, calls } = renderAdmin(<TestimonialsPage />, {
      answers: {
        'auth.me': () => OWNER,
        'projects.adminList': () => [HOMESTAY],
        'testimonials.adminList': () => [LAN],
        'testimonials.update': () => {
          throw trpcError('CONFLICT', 409, 'changed meanwhile', undefined, {
            conflict: { current: { ...LAN, version: 2, quote: 'Theirs.' }, changed: CHANGED },
          });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sửa Nguyễn Lan' }));
    const dialog = screen.getByRole('dialog', { name: 'Update testimonial' });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('dialog', { name: 'Thuy saved this meanwhile' })).toBeInTheDocument();
    expect(calledWith(calls, 'testimonials.update')[0]).toMatchObject({ id: 1, version: 1, project_id: 4 });
  });
});
