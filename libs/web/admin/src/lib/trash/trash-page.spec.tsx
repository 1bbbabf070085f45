import { screen, waitFor, within } from '@testing-library/react';
import { RETENTION, type RestoredPost, type TrashedPost, type TrashedProject } from '@blog/contracts';
import { trpcError, type MemoryAnswer } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { TrashPage } from './trash-page';

const DAY_MS = 86_400_000;
const trashed = (id: number, title: string, slug: string, daysAgo: number): TrashedPost => {
  const deleted = new Date(Date.now() - daysAgo * DAY_MS);
  return {
    id,
    title,
    slug,
    category_id: 1,
    category_name: 'Du lịch',
    deleted_at: deleted.toISOString(),
    purge_at: new Date(deleted.getTime() + RETENTION.trashDays * DAY_MS).toISOString(),
  };
};

const RAIN = trashed(1, 'Mưa Sài Gòn', 'mua-sai-gon', 2);
const LANTERNS = trashed(2, 'Lanterns in Hội An', 'lanterns', 29.5);

const HOMESTAY: TrashedProject = {
  id: 7,
  title: 'Homestay Hà Giang',
  slug: 'homestay',
  deleted_at: new Date(Date.now() - DAY_MS).toISOString(),
  purge_at: new Date(Date.now() + (RETENTION.trashDays - 1) * DAY_MS).toISOString(),
};

/** The trash as the server answers it, shrinking as posts and projects leave it. */
function serverWith(
  posts: TrashedPost[],
  more: Record<string, MemoryAnswer> = {},
  trashedProjects: TrashedProject[] = [],
) {
  let rows = [...posts];
  let projects = [...trashedProjects];
  const answers: Record<string, MemoryAnswer> = {
    'projects.trash.list': () => projects,
    'projects.trash.restore': (input): RestoredPost => {
      const { id } = input as { id: number };
      projects = projects.filter((row) => row.id !== id);
      return { status: 200, id, slug: 'homestay-2', slug_changed: true };
    },
    'projects.trash.deleteForever': (input) => {
      projects = projects.filter((row) => row.id !== (input as { id: number }).id);
      return { status: 200 };
    },
    'projects.trash.empty': () => {
      const deleted = projects.length;
      projects = [];
      return { status: 200, deleted };
    },
    'trash.list': () => rows,
    'trash.restore': (input): RestoredPost => {
      const { id } = input as { id: number };
      const post = rows.find((row) => row.id === id) as TrashedPost;
      rows = rows.filter((row) => row.id !== id);
      return { status: 200, id, slug: post.slug, slug_changed: false };
    },
    'trash.deleteForever': (input) => {
      rows = rows.filter((row) => row.id !== (input as { id: number }).id);
      return { status: 200 };
    },
    'trash.empty': () => {
      const deleted = rows.length;
      rows = [];
      return { status: 200, deleted };
    },
    ...more,
  };
  return answers;
}

describe('TrashPage', () => {
  it('lists the trashed posts: title, category, when deleted and the days left', async () => {
    renderAdmin(<TrashPage />, { answers: serverWith([RAIN, LANTERNS]) });
    await screen.findByText('Mưa Sài Gòn');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Trash');
    expect(screen.getByText(/stay here for 30 days/)).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Category', 'Deleted At', 'Days left', 'Actions']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Mưa Sài Gòn',
      'Du lịch',
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
      '28',
      'RestoreDelete forever',
    ]);
    expect(within(second).getAllByRole('cell')[3]).toHaveTextContent(/^1$/);
  });

  it('says so when the trash is empty', async () => {
    renderAdmin(<TrashPage />, { answers: serverWith([]) });
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Empty trash' })).not.toBeInTheDocument();
  });

  it('restores a post under its slug, and takes it off the list', async () => {
    const { user, calls } = renderAdmin(<TrashPage />, { answers: serverWith([RAIN, LANTERNS]) });
    await user.click(await screen.findByRole('button', { name: 'Restore Mưa Sài Gòn' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The post Mưa Sài Gòn has been restored.');
    expect(calls.find((call) => call.path === 'trash.restore')?.input).toEqual({ id: 1 });
    await waitFor(() => expect(screen.queryByText('Mưa Sài Gòn')).not.toBeInTheDocument());
    expect(screen.getByText('Lanterns in Hội An')).toBeInTheDocument();
  });

  it('reports the free slug a restored post got when its own was taken', async () => {
    const { user } = renderAdmin(<TrashPage />, {
      answers: serverWith([RAIN], {
        'trash.restore': (): RestoredPost => ({ status: 200, id: 1, slug: 'mua-sai-gon-2', slug_changed: true }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Restore Mưa Sài Gòn' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The post Mưa Sài Gòn has been restored as /mua-sai-gon-2: another post has /mua-sai-gon now.',
    );
  });

  it('deletes a post forever only once confirmed', async () => {
    const { user, calls } = renderAdmin(<TrashPage />, { answers: serverWith([RAIN, LANTERNS]) });
    await user.click(await screen.findByRole('button', { name: 'Delete forever Mưa Sài Gòn' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete forever?' });
    expect(dialog).toHaveTextContent('The post Mưa Sài Gòn will be deleted for good. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === 'trash.deleteForever')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete forever Mưa Sài Gòn' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete forever' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The post Mưa Sài Gòn has been deleted forever.');
    expect(calls.find((call) => call.path === 'trash.deleteForever')?.input).toEqual({ id: 1 });
    await waitFor(() => expect(screen.queryByText('Mưa Sài Gòn')).not.toBeInTheDocument());
  });

  it('empties the trash once confirmed', async () => {
    const { user } = renderAdmin(<TrashPage />, { answers: serverWith([RAIN, LANTERNS]) });
    await user.click(await screen.findByRole('button', { name: 'Empty trash' }));
    const dialog = screen.getByRole('dialog', { name: 'Empty the trash?' });
    expect(dialog).toHaveTextContent('All 2 posts in the trash will be deleted for good.');
    await user.click(within(dialog).getByRole('button', { name: 'Empty trash' }));
    expect(await screen.findByRole('status')).toHaveTextContent('2 posts have been deleted forever.');
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
  });

  it("shows the server's refusal, keeping the post listed", async () => {
    const { user } = renderAdmin(<TrashPage />, {
      answers: serverWith([RAIN], {
        'trash.restore': () => {
          throw trpcError('NOT_FOUND', 404, 'Post not found');
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Restore Mưa Sài Gòn' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Post not found');
    expect(screen.getByText('Mưa Sài Gòn')).toBeInTheDocument();
  });

  describe('projects', () => {
    it('lists the trashed projects below the posts, and restores one, saying the free slug it got', async () => {
      const { user, calls } = renderAdmin(<TrashPage />, { answers: serverWith([RAIN], {}, [HOMESTAY]) });
      await screen.findByText('Homestay Hà Giang');
      expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Projects');
      const [, projectsTable] = screen.getAllByRole('table');
      expect(
        within(projectsTable)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Title', 'Deleted At', 'Days left', 'Actions']);
      expect(within(projectsTable).getAllByRole('cell')[2]).toHaveTextContent(/^29$/);

      await user.click(screen.getByRole('button', { name: 'Restore Homestay Hà Giang' }));
      expect(await screen.findByRole('status')).toHaveTextContent(
        'The project Homestay Hà Giang has been restored as /portfolio/homestay-2: another project has /portfolio/homestay now.',
      );
      expect(calls.find((call) => call.path === 'projects.trash.restore')?.input).toEqual({ id: 7 });
      await waitFor(() => expect(screen.queryByText('Homestay Hà Giang')).not.toBeInTheDocument());
      expect(screen.getByText('Mưa Sài Gòn')).toBeInTheDocument();
    });

    it('deletes a project forever once confirmed, and empties posts and projects together', async () => {
      const { user, calls } = renderAdmin(<TrashPage />, { answers: serverWith([RAIN], {}, [HOMESTAY]) });
      await user.click(await screen.findByRole('button', { name: 'Delete forever Homestay Hà Giang' }));
      expect(screen.getByRole('dialog', { name: 'Delete forever?' })).toHaveTextContent(
        'The project Homestay Hà Giang will be deleted for good.',
      );
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

      await user.click(screen.getByRole('button', { name: 'Empty trash' }));
      expect(screen.getByRole('dialog', { name: 'Empty the trash?' })).toHaveTextContent(
        'All 1 post and 1 project in the trash will be deleted for good.',
      );
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Empty trash' }));
      expect(await screen.findByRole('status')).toHaveTextContent('1 post and 1 project have been deleted forever.');
      expect(calls.map((call) => call.path)).toEqual(expect.arrayContaining(['trash.empty', 'projects.trash.empty']));
      expect(calls.some((call) => call.path === 'projects.trash.deleteForever')).toBe(false);
      expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
    });
  });
});
