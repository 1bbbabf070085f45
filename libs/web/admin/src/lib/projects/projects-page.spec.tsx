import { screen, waitFor, within } from '@testing-library/react';
import type { Project } from '@blog/contracts';
import { renderAdmin } from '../../testing/render-admin';
import { LABELS } from '../labels';
import { ProjectsPage } from './projects-page';

const project = (id: number, title: string, fields: Partial<Project>): Project =>
  ({
    id,
    title,
    client_name: '',
    year_from: 2025,
    year_to: null,
    featured: false,
    sort_order: id - 1,
    status: 0,
    published_at: '2025-06-01T03:00:00.000Z',
    version: 1,
    created_at: '2025-06-01T03:00:00.000Z',
    updated_at: '2025-06-01T03:00:00.000Z',
    language: 'en',
    translations: [],
    ...fields,
  }) as Project;
const HOMESTAY = project(1, 'Homestay booking site', { client_name: 'Sapa Homestay', featured: true });
const LESSONS = project(2, 'English lessons app', { client_name: 'Cô Hạnh', published_at: null });
const RESCUE = project(3, 'WordPress speed rescue', { status: 1 });
const SHOP = project(4, 'Small shop', { published_at: '2099-01-01T01:00:00.000Z' });
const ALL = [HOMESTAY, LESSONS, RESCUE, SHOP];

const titles = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => (row as HTMLTableRowElement).cells[1].textContent);

describe('ProjectsPage', () => {
  it('shows each project’s state and featured flag, and searches by title or client', async () => {
    const { user } = renderAdmin(<ProjectsPage />, { answers: { 'projects.adminList': () => ALL } });
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('Published');
    expect(rows[0]).toHaveTextContent('Featured');
    expect(rows[1]).toHaveTextContent('Draft');
    expect(rows[2]).toHaveTextContent('Hidden');
    expect(rows[3]).toHaveTextContent('Scheduled for');

    await user.type(screen.getByRole('searchbox', { name: 'Search projects by title or client' }), 'cô hạnh');
    expect(titles()).toEqual(['English lessons app']);
    // A filtered list is not reordered: moving is for the whole list.
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'SAPA');
    expect(titles()).toEqual(['Homestay booking site']);
  });

  it('moves a project up from the keyboard: the whole order is stored in one call, no project saved', async () => {
    const { user, calls } = renderAdmin(<ProjectsPage />, {
      answers: { 'projects.adminList': () => ALL, 'projects.reorder': () => [] },
    });
    (await screen.findByRole('button', { name: 'Move Small shop up' })).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Small shop moved to position 3 of 4.'));
    expect(titles()).toEqual(['Homestay booking site', 'English lessons app', 'Small shop', 'WordPress speed rescue']);
    expect(calls.filter((call) => call.path === 'projects.reorder').map((call) => call.input)).toEqual([
      { ids: [1, 2, 4, 3] },
    ]);
    expect(calls.filter((call) => call.path === 'projects.update')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Move Small shop up' })).toHaveFocus();
  });

  it('moves a deleted project to the trash, and says so', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, calls } = renderAdmin(<ProjectsPage />, {
      answers: { 'projects.adminList': () => ALL, 'projects.delete': () => ({ status: 200 }) },
    });
    await user.click(await screen.findByRole('button', { name: `${LABELS.delete} Small shop` }));
    expect(confirm).toHaveBeenCalledWith(
      'Move the project Small shop to the trash? It leaves the site at once; the Trash screen restores it.',
    );
    expect(
      await screen.findByText('The project Small shop has been moved to the trash. The Trash screen restores it.'),
    );
    expect(calls.filter((call) => call.path === 'projects.delete').map((call) => call.input)).toEqual([{ id: 4 }]);
    confirm.mockRestore();
  });
});

describe('ProjectsPage languages', () => {
  const inputs = (calls: Array<{ path: string; input: unknown }>) =>
    calls.filter((call) => call.path === 'projects.adminList').map((call) => call.input);

  it("shows each project's language and its translation's state, filters by language and missing translation in the address bar, and moves none while filtered", async () => {
    const { user, calls } = renderAdmin(<ProjectsPage />, {
      path: '/admin/projects?language=vi',
      answers: {
        'projects.adminList': () => [
          {
            ...HOMESTAY,
            language: 'vi',
            translations: [{ id: 5, language: 'en', title: 'Homestay', slug: 'homestay', state: 'published' }],
          },
          { ...LESSONS, language: 'vi' },
        ],
      },
    });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').at(-2)).toHaveTextContent('Language');
    const languages = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => (row as HTMLTableRowElement).cells[6].textContent);
    expect(languages).toEqual(['vien: published', 'vien: missing']);
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Missing a translation' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/projects?language=vi&missing_translation=true'),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'All languages');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/projects?missing_translation=true'),
    );
    expect(inputs(calls)).toEqual([
      { language: 'vi' },
      { language: 'vi', missing_translation: true },
      { missing_translation: true },
    ]);
  });

  it('shows no language filters nor Language column on a site that runs one language', async () => {
    renderAdmin(<ProjectsPage />, {
      answers: {
        'siteInfo.list': () => [{ default_language: 'en', languages: ['en'] }],
        'projects.adminList': () => ALL,
      },
    });
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('columnheader', { name: 'Language' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Missing a translation' })).not.toBeInTheDocument();
  });
});
