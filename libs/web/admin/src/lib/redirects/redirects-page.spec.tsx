import { screen, waitFor, within } from '@testing-library/react';
import {
  REDIRECTS_PAGE_SIZE,
  type NotFoundHit,
  type NotFoundPage,
  type Redirect,
  type RedirectsPage as RedirectsPageData,
} from '@blog/contracts';
import { trpcError, type MemoryAnswer } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { confirmClearNotFoundLog, confirmDeleteRedirect, redirectFormHref, RedirectsPage } from './redirects-page';

const redirect = (id: number, from_path: string, to_path: string, extra: Partial<Redirect> = {}): Redirect => ({
  id,
  from_path,
  to_path,
  status_code: 301,
  hits: 0,
  last_hit_at: null,
  source: 'manual',
  created_at: '2025-01-05T10:00:00.000Z',
  updated_at: '2025-01-05T10:00:00.000Z',
  ...extra,
});
const hit = (id: number, path: string, hits: number, referrer_host: string | null = null): NotFoundHit => ({
  id,
  path,
  hits,
  first_seen_at: '2025-01-05T10:00:00.000Z',
  last_seen_at: '2025-01-06T10:00:00.000Z',
  referrer_host,
});
const pageOf = <T,>(rows: T[]) => ({ rows, total: rows.length });

/** The two lists as the server answers them; the other calls as given. */
function answersOf(
  redirects: Redirect[],
  log: NotFoundHit[] = [],
  more: Record<string, MemoryAnswer> = {},
): Record<string, MemoryAnswer> {
  return {
    'redirects.list': (): RedirectsPageData => pageOf(redirects),
    'redirects.notFoundList': (): NotFoundPage => pageOf(log),
    ...more,
  };
}

const OLD = redirect(1, '/2019/05/old-post', '/new-post', { hits: 12, last_hit_at: '2025-02-01T08:00:00.000Z' });
const TEMPORARY = redirect(2, '/?p=12', '/sale', { status_code: 302 });

describe('RedirectsPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the redirects (from, to, type, hits, last hit) and the 404 log with its referrer hosts', async () => {
    renderAdmin(<RedirectsPage />, {
      answers: answersOf([OLD, TEMPORARY], [hit(7, '/wp-login.php', 40), hit(8, '/old', 3, 'www.google.com')]),
    });
    // The two lists load apart: both are in once their rows are.
    await screen.findByText('/2019/05/old-post');
    await screen.findByText('www.google.com');
    const [redirects, log] = screen.getAllByRole('table');
    expect(
      within(redirects)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['From', 'To', 'Type', 'Hits', 'Last hit', 'Actions']);
    const [first, second] = within(redirects).getAllByRole('row').slice(1);
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '/2019/05/old-post',
      '/new-post',
      '301 Permanent',
      '12',
      expect.stringMatching(/^2025-02-01 \d\d:00$/),
      'SửaXóa',
    ]);
    expect(within(second).getByText('302 Temporary')).toBeInTheDocument();
    expect(within(second).getByText('—')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: '404 log' })).toBeInTheDocument();
    expect(
      within(log)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Path', 'Hits', 'Last seen', 'Referred by', 'Actions']);
    expect(within(log).getByText('www.google.com')).toBeInTheDocument();
  });

  it('adds a redirect, checking the paths in the browser before sending', async () => {
    const { user, calls } = renderAdmin(<RedirectsPage />, {
      answers: answersOf([], [], {
        'redirects.create': (input) => redirect(3, (input as Redirect).from_path, (input as Redirect).to_path),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add redirect' }));
    const dialog = screen.getByRole('dialog', { name: 'Add redirect' });
    await user.type(within(dialog).getByLabelText(/From/), 'https://old.example/a');
    await user.type(within(dialog).getByLabelText(/^To/), '/b');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('must be a path on this site, starting with /')).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'redirects.create')).toBe(false);

    // Nor one of the site's own pages, nor to another host: said next to the field.
    await user.clear(within(dialog).getByLabelText(/From/));
    await user.type(within(dialog).getByLabelText(/From/), '/about');
    await user.clear(within(dialog).getByLabelText(/^To/));
    await user.type(within(dialog).getByLabelText(/^To/), '//evil.example');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('must not be an address of the site itself (/about): a redirect would hide it'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('must be a path on this site, not another host')).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'redirects.create')).toBe(false);
    await user.clear(within(dialog).getByLabelText(/^To/));
    await user.type(within(dialog).getByLabelText(/^To/), '/b');

    await user.clear(within(dialog).getByLabelText(/From/));
    await user.type(within(dialog).getByLabelText(/From/), '/a/');
    await user.selectOptions(within(dialog).getByLabelText('Type'), '302 Temporary');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('The redirect from /a has been saved.');
    expect(calls.find((call) => call.path === 'redirects.create')?.input).toEqual({
      from_path: '/a',
      to_path: '/b',
      status_code: 302,
    });
  });

  it('edits with Update and shows a taken from_path on its field', async () => {
    const { user, calls } = renderAdmin(<RedirectsPage />, {
      answers: answersOf([OLD], [], {
        'redirects.update': () => {
          throw trpcError('CONFLICT', 409, 'is taken: another redirect has this from_path', [
            { field: 'from_path', message: 'is taken: another redirect has this from_path' },
          ]);
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Sửa /2019/05/old-post' }));
    const dialog = screen.getByRole('dialog', { name: 'Update redirect' });
    expect(within(dialog).getByLabelText(/From/)).toHaveValue('/2019/05/old-post');
    expect(within(dialog).getByLabelText('Type')).toHaveValue('301');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('is taken: another redirect has this from_path')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'redirects.update')?.input).toEqual({
      id: 1,
      from_path: '/2019/05/old-post',
      to_path: '/new-post',
      status_code: 301,
    });
  });

  it('deletes a redirect after the confirmation, which names its path', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    let stored = [OLD, TEMPORARY];
    const { user, calls } = renderAdmin(<RedirectsPage />, {
      answers: {
        ...answersOf([]),
        'redirects.list': () => pageOf(stored),
        'redirects.delete': (input) => {
          stored = stored.filter((row) => row.id !== (input as { id: number }).id);
          return { status: 200 };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Xóa /?p=12' }));
    expect(confirm).toHaveBeenCalledWith(confirmDeleteRedirect('/?p=12'));
    await waitFor(() => expect(screen.queryByText('/?p=12')).not.toBeInTheDocument());
    expect(calls.find((call) => call.path === 'redirects.delete')?.input).toEqual({ id: 2 });
  });

  it('filters by path on the server after a pause in typing, and pages', async () => {
    const { user, calls } = renderAdmin(<RedirectsPage />, {
      path: '/admin/redirects',
      answers: {
        ...answersOf([]),
        'redirects.list': (input) => {
          const { q, page } = input as { q?: string; page: number };
          if (q) return pageOf([OLD]);
          return { rows: [redirect(100 + page, `/page-${page}`, '/x')], total: REDIRECTS_PAGE_SIZE + 1 };
        },
      },
    });
    await screen.findByText('/page-1');
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(await screen.findByText('/page-2')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/redirects?page=2');

    await user.type(screen.getByRole('searchbox', { name: 'Filter redirects by path' }), 'old');
    expect(await screen.findByText('/2019/05/old-post')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/redirects?q=old');
    expect(calls.filter((call) => call.path === 'redirects.list').at(-1)?.input).toEqual({ q: 'old', page: 1 });
  });

  it('creates a redirect from a 404, its path filled in, and refreshes the log', async () => {
    let log = [hit(7, '/tin-tuc/cu', 9), hit(8, '/other', 2)];
    const { user, calls } = renderAdmin(<RedirectsPage />, {
      answers: {
        ...answersOf([]),
        'redirects.notFoundList': () => pageOf(log),
        'redirects.create': (input) => {
          const { from_path, to_path } = input as Redirect;
          log = log.filter((row) => row.path !== from_path);
          return redirect(9, from_path, to_path);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create redirect /tin-tuc/cu' }));
    const dialog = screen.getByRole('dialog', { name: 'Add redirect' });
    expect(within(dialog).getByLabelText(/From/)).toHaveValue('/tin-tuc/cu');
    await user.type(within(dialog).getByLabelText(/^To/), '/news');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByText('/tin-tuc/cu')).not.toBeInTheDocument());
    expect(screen.getByText('/other')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'redirects.create')?.input).toEqual({
      from_path: '/tin-tuc/cu',
      to_path: '/news',
      status_code: 301,
    });
  });

  it('opens the form with its From filled in from the address (another screen’s “Create redirect”), and forgets it once closed', async () => {
    const { user } = renderAdmin(<RedirectsPage />, {
      path: redirectFormHref('/tin-tuc/cu?x=1'),
      answers: answersOf([]),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add redirect' });
    expect(within(dialog).getByLabelText(/From/)).toHaveValue('/tin-tuc/cu?x=1');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/redirects$/);
  });

  it('deletes one 404 and clears the log after a confirmation', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    let log = [hit(7, '/a', 9), hit(8, '/b', 2)];
    const { user, calls } = renderAdmin(<RedirectsPage />, {
      answers: {
        ...answersOf([]),
        'redirects.notFoundList': () => pageOf(log),
        'redirects.notFoundDelete': (input) => {
          log = log.filter((row) => row.id !== (input as { id: number }).id);
          return { status: 200 };
        },
        'redirects.notFoundClear': () => {
          const deleted = log.length;
          log = [];
          return { status: 200, deleted };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Xóa /a' }));
    await waitFor(() => expect(screen.queryByText('/a')).not.toBeInTheDocument());
    expect(calls.find((call) => call.path === 'redirects.notFoundDelete')?.input).toEqual({ id: 7 });

    await user.click(screen.getByRole('button', { name: 'Clear log' }));
    expect(confirm).toHaveBeenCalledWith(confirmClearNotFoundLog);
    expect(await screen.findByText('No 404 so far.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear log' })).not.toBeInTheDocument();
  });
});
