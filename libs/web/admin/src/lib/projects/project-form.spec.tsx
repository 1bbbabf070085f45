import { act, screen, waitFor, within } from '@testing-library/react';
import {
  AUTOSAVE,
  type Autosave,
  type ChangeAuthor,
  type Project,
  type ProjectRevision,
  type Service,
  type Testimonial,
} from '@blog/contracts';
import { trpcError } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { AddProjectPage, EditProjectPage } from './project-pages';

const PROJECT: Project = {
  id: 4,
  title: 'Homestay booking site',
  slug: 'homestay-booking-site',
  client_name: 'Sapa Homestay',
  client_url: null,
  year_from: 2025,
  year_to: null,
  role: 'Lead developer',
  team_size: 2,
  stack: ['react'],
  live_url: null,
  source_url: null,
  summary: 'Direct bookings.',
  cover: null,
  cover_alt: '',
  gallery: [],
  problem: '<p>Fees</p>',
  approach: '',
  outcome: '',
  results: [{ label: 'Bookings', value: '+38 %' }],
  related_post_ids: [],
  service_ids: [1],
  featured: true,
  sort_order: 0,
  meta_title: '',
  meta_description: '',
  comments_open: true,
  status: 0,
  published_at: '2025-06-01T03:00:00.000Z',
  language: 'en',
  translations: [],
  created_at: '2025-06-01T03:00:00.000Z',
  updated_at: '2025-06-01T03:00:00.000Z',
  version: 3,
};
const WEBSITE = { id: 1, name: 'Website' } as Service;
const LAN = { id: 9, name: 'Nguyễn Lan', project_id: 4, hidden: false } as Testimonial;
const OWNER = { id: 1, email: 'phuong@example.com', name: 'Phương', is_admin: 1 };
const CHANGED: ChangeAuthor = {
  at: '2026-11-27T07:32:00.000Z',
  user_id: 2,
  user_name: 'Thuy',
  via: 'trpc',
  session: null,
};
const READS = { 'services.adminList': () => [WEBSITE], 'testimonials.adminList': () => [LAN] };

const sent = (calls: Array<{ path: string; input: unknown }>, path: string) =>
  calls.filter((call) => call.path === path).map((call) => call.input as Record<string, unknown>);

describe('Add project', () => {
  it('asks for the title and the first year before calling the server', async () => {
    const { user, calls } = renderAdmin(<AddProjectPage />, { answers: READS });
    await user.clear(await screen.findByLabelText(/^Year from/));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Year from is required')).toBeInTheDocument();
    expect(sent(calls, 'projects.create')).toEqual([]);
  });

  it('adds, reorders from the keyboard and removes results, adds stack tags, and sends them in order', async () => {
    const { user, calls } = renderAdmin(<AddProjectPage />, {
      path: '/admin/add-project',
      answers: { ...READS, 'projects.create': () => ({ status: 200, id: 5 }) },
    });
    await user.type(await screen.findByLabelText(/^Title/), 'Tiệm bánh nhỏ');
    expect(screen.getByLabelText('Slug')).toHaveValue('tiem-banh-nho');
    await user.type(screen.getByLabelText('Stack'), 'Next.js{Enter}Tailwind CSS,');
    expect(screen.getByRole('button', { name: 'Remove the tag tailwind-css' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add result' }));
    await user.click(screen.getByRole('button', { name: 'Add result' }));
    await user.click(screen.getByRole('button', { name: 'Add result' }));
    await user.type(screen.getByLabelText(/^Result 1 label/), 'Page load');
    await user.type(screen.getByLabelText(/^Result 1 value/), '4.1 s → 0.9 s');
    await user.type(screen.getByLabelText(/^Result 2 label/), 'Orders');
    await user.type(screen.getByLabelText(/^Result 2 value/), '+25 %');
    await user.type(screen.getByLabelText(/^Result 3 label/), 'Spare');
    await user.type(screen.getByLabelText(/^Result 3 value/), '1');
    screen.getByRole('button', { name: 'Move result 2 up' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText(/^Result 1 label/)).toHaveValue('Orders');
    await user.click(screen.getByRole('button', { name: 'Remove result 3' }));
    expect(screen.queryByLabelText(/^Result 3 label/)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Website'));

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/projects'));
    expect(sent(calls, 'projects.create')[0]).toMatchObject({
      title: 'Tiệm bánh nhỏ',
      slug: 'tiem-banh-nho',
      stack: ['next.js', 'tailwind-css'],
      results: [
        { label: 'Orders', value: '+25 %' },
        { label: 'Page load', value: '4.1 s → 0.9 s' },
      ],
      service_ids: [1],
      year_from: new Date().getFullYear(),
      year_to: null,
      status: 0,
      published_at: 'now',
    });
  });

  it('checks an empty result row and a link before calling the server, and shows the server’s 400 beside its field', async () => {
    const { user, calls } = renderAdmin(<AddProjectPage />, {
      answers: {
        ...READS,
        'projects.create': () => {
          throw trpcError('BAD_REQUEST', 400, 'Invalid input', [
            { field: 'results.0.value', message: 'must be at most 60 characters' },
            { field: 'slug', message: 'This slug is already used' },
          ]);
        },
      },
    });
    await user.type(await screen.findByLabelText(/^Title/), 'Shop');
    await user.click(screen.getByRole('button', { name: 'Add result' }));
    await user.type(screen.getByLabelText('Client link'), 'ftp://shop');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByLabelText(/^Result 1 label/)).toHaveAccessibleDescription('is required'));
    expect(screen.getByLabelText('Client link')).toHaveAccessibleDescription('must be an http(s) URL');
    expect(sent(calls, 'projects.create')).toEqual([]);
    await user.clear(screen.getByLabelText('Client link'));

    await user.type(screen.getByLabelText(/^Result 1 label/), 'Sales');
    await user.type(screen.getByLabelText(/^Result 1 value/), 'x');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Result 1 value/)).toHaveAccessibleDescription('must be at most 60 characters'),
    );
    expect(screen.getByLabelText('Slug')).toHaveAccessibleDescription('This slug is already used');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
  });
});

describe('Add project: autosave', () => {
  // The forms above, left with a change, made and remembered a new project's slot of their own.
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.useRealTimers());

  it('offers a new project’s autosaved draft back, lists and all, and autosaves them as text', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const draft: Autosave = {
      slot: 'project:new:0b7c6f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f',
      values: {
        title: 'Tiệm bánh nhỏ',
        stack: '["shopify"]',
        results: '[{"label":"Orders","value":"+25 %"}]',
        gallery: '[]',
      },
      base_version: null,
      saved_at: new Date().toISOString(),
    };
    const { user, calls } = renderAdmin(<AddProjectPage />, {
      answers: {
        ...READS,
        'autosaves.listNewProjects': () => [draft],
        'autosaves.save': (input) => ({ ...(input as Autosave), saved_at: new Date().toISOString() }),
      },
    });
    // Generous: the look for a draft waits for the lazy editor's first load on a busy machine.
    await user.click(await screen.findByRole('button', { name: /^Restore unsaved changes from/ }, { timeout: 15_000 }));
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Tiệm bánh nhỏ');
    expect(screen.getByRole('button', { name: 'Remove the tag shopify' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Result 1 value/)).toHaveValue('+25 %');

    await user.type(screen.getByRole('textbox', { name: 'Stack' }), 'liquid{Enter}');
    act(() => void jest.advanceTimersByTime(AUTOSAVE.debounceMs));
    await waitFor(() => expect(sent(calls, 'autosaves.save')).toHaveLength(1));
    expect(sent(calls, 'autosaves.save')[0]).toMatchObject({
      slot: draft.slot,
      values: expect.objectContaining({
        title: 'Tiệm bánh nhỏ',
        stack: '["shopify","liquid"]',
        results: '[{"label":"Orders","value":"+25 %"}]',
      }),
    });
  });
});

describe('Edit project', () => {
  it('shows the project’s history; restoring a revision fills the form with it', async () => {
    const {
      id: _id,
      created_at: _created,
      updated_at: _updated,
      version: _version,
      comments_open: _open,
      ...fields
    } = PROJECT;
    const revision: ProjectRevision = {
      id: 21,
      version: 2,
      saved: { at: '2026-11-20T02:05:00.000Z', user_id: 1, user_name: 'Phương', via: 'trpc', session: null },
      replaced_at: '2026-11-21T02:05:00.000Z',
      fields: { ...fields, title: 'Homestay site', stack: ['vue'], results: [{ label: 'Bookings', value: '+20 %' }] },
    };
    const { user, calls } = renderAdmin(<EditProjectPage />, {
      path: '/admin/edit-project/4',
      route: '/admin/edit-project/:id',
      answers: {
        ...READS,
        'projects.adminById': () => PROJECT,
        'revisions.list': () => [{ ...revision, fields: undefined }],
        'revisions.get': () => revision,
      },
    });
    const history = await screen.findByRole('region', { name: 'History' }, { timeout: 15_000 });
    await user.click(await within(history).findByRole('button', { name: /^Show / }, { timeout: 15_000 }));
    await user.click(await within(history).findByRole('button', { name: 'Restore this version' }));
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Homestay site');
    expect(screen.getByLabelText(/^Result 1 value/)).toHaveValue('+20 %');
    expect(screen.getByRole('button', { name: 'Remove the tag vue' })).toBeInTheDocument();
    expect(sent(calls, 'revisions.list')).toEqual([{ record: 'project', id: 4 }]);
    expect(sent(calls, 'projects.update')).toEqual([]);
  });

  it('shows the testimonial about it and, on a version conflict, the dialog', async () => {
    const { user, calls } = renderAdmin(<EditProjectPage />, {
      path: '/admin/edit-project/4',
      route: '/admin/edit-project/:id',
      answers: {
        ...READS,
        'auth.me': () => OWNER,
        'projects.adminById': () => PROJECT,
        'projects.update': () => {
          throw trpcError('CONFLICT', 409, 'changed meanwhile', undefined, {
            conflict: { current: { ...PROJECT, version: 4, title: 'Homestay site' }, changed: CHANGED },
          });
        },
      },
    });
    expect(await screen.findByRole('link', { name: 'Nguyễn Lan on this project' })).toHaveAttribute(
      'href',
      '/admin/testimonials',
    );
    expect(screen.getByLabelText(/^Result 1 value/)).toHaveValue('+38 %');
    expect(screen.getByLabelText('Website')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thuy saved this meanwhile' });
    expect(sent(calls, 'projects.update')[0]).toMatchObject({ id: 4, version: 3, results: PROJECT.results });
    await user.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Homestay site');
  });

  it('offers "Allow comments" with the project’s choice and sends it', async () => {
    const { user, calls } = renderAdmin(<EditProjectPage />, {
      path: '/admin/edit-project/4',
      route: '/admin/edit-project/:id',
      answers: {
        ...READS,
        'projects.adminById': () => ({ ...PROJECT, comments_open: false }),
        'projects.update': () => ({ status: 200, id: 4 }),
      },
    });
    const allow = await screen.findByRole('checkbox', { name: 'Allow comments' });
    expect(allow).not.toBeChecked();
    await user.click(allow);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent(calls, 'projects.update')[0]).toMatchObject({ id: 4, comments_open: true }));
  });
});
