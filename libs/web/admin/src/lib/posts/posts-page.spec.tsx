import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_POSTS_PAGE_SIZE, type AdminPostRow, type AdminPostsPage } from '@blog/contracts';
import { renderAdmin } from '../../testing/render-admin';
import { confirmDeletePost, PostsPage } from './posts-page';

const row = (id: number, title: string, status: 0 | 1, thumbnail: string | null = null): AdminPostRow => ({
  version: 1,
  id,
  category_id: 1,
  category_name: 'Story',
  title,
  slug: `post-${id}`,
  thumbnail,
  thumbnail_url: thumbnail ? `/uploads/${thumbnail}` : null,
  thumbnail_alt: '',
  meta_title: title,
  meta_description: '',
  meta_keywords: '',
  status,
  published_at: '2025-01-05T10:00:00.000Z',
  color: null,
  price: null,
  comments_open: true,
  created_at: '2025-01-05T10:00:00.000Z',
  updated_at: '2025-01-05T10:00:00.000Z',
  language: 'en',
  translations: [],
});

/** One page as `posts.adminList` answers it: the rows and the count of every match. */
const listOf = (rows: AdminPostRow[]): AdminPostsPage => ({ rows, total: rows.length });

/** `count` posts, newest first, answered a page at a time as the server does; `posts.delete` removes one. */
function storedPosts(count: number) {
  let stored = Array.from({ length: count }, (_, index) => row(count - index, `Post ${count - index}`, 0));
  return {
    'posts.adminList': (input: unknown): AdminPostsPage => {
      const page = (input as { page: number }).page;
      return {
        rows: stored.slice((page - 1) * ADMIN_POSTS_PAGE_SIZE, page * ADMIN_POSTS_PAGE_SIZE),
        total: stored.length,
      };
    },
    'posts.delete': (input: unknown) => {
      stored = stored.filter((post) => post.id !== (input as { id: number }).id);
      return { status: 200 };
    },
  };
}

describe('PostsPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it("shows the spec's columns, a small thumbnail and Hide/Show from the status", async () => {
    renderAdmin(<PostsPage />, {
      answers: { 'posts.adminList': () => listOf([row(2, 'Hà Giang loop', 0, 'hg.jpg'), row(1, 'Draft', 1)]) },
    });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Name', 'Thumbnail', 'Last Updated At', 'Status', 'Views (30 days)', 'Language', 'Actions']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first).getByRole('img', { name: 'Hà Giang loop' })).toHaveAttribute('src', '/uploads/hg.jpg');
    expect(within(first).getByText('Show')).toBeInTheDocument();
    expect(within(second).getByText('Hide')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Sửa Hà Giang loop' })).toHaveAttribute(
      'href',
      '/admin/edit-post/2',
    );
    expect(screen.getByRole('link', { name: 'Add post' })).toHaveAttribute('href', '/admin/add-post');
  });

  it('says Draft or Scheduled for (in the site’s time) under Show/Hide, and nothing more for a published post', async () => {
    renderAdmin(<PostsPage />, {
      answers: {
        'posts.adminList': () =>
          listOf([
            { ...row(3, 'Sa Pa', 0), published_at: null },
            { ...row(2, 'Mộc Châu', 1), published_at: '2030-01-02T01:30:00.000Z' },
            row(1, 'Huế', 0),
          ]),
      },
    });
    const table = await screen.findByRole('table');
    const statuses = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tableRow) => within(tableRow).getAllByRole('cell')[4]);
    expect(statuses.map((cell) => cell.textContent)).toEqual([
      'ShowDraft',
      'HideScheduled for January 02, 2030 at 08:30',
      'Show',
    ]);
    expect(within(statuses[0]).getByText('Draft')).toHaveClass('admin-publication-state');
  });

  it('shows each post’s views of the last 30 days, asked in one query for the ids of the page shown', async () => {
    const { calls } = renderAdmin(<PostsPage />, {
      answers: {
        'posts.adminList': () => listOf([row(3, 'Sa Pa', 0), row(2, 'Huế', 0), row(1, 'Draft', 1)]),
        'stats.postViews': () => [
          { id: 3, views: 1234 },
          { id: 2, views: 5 },
        ],
      },
    });
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('1,234')).toBeInTheDocument());
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tableRow) => within(tableRow).getAllByRole('cell')[5].textContent);
    // A post the answer leaves out had no view.
    expect(cells).toEqual(['1,234', '5', '0']);
    expect(calls.filter((call) => call.path === 'stats.postViews').map((call) => call.input)).toEqual([
      { ids: [3, 2, 1] },
    ]);
  });

  it('still lists the posts when their views cannot be read, with a dash for each', async () => {
    renderAdmin(<PostsPage />, {
      answers: {
        'posts.adminList': () => listOf([row(1, 'Huế', 0)]),
        'stats.postViews': () => {
          throw new Error('down');
        },
      },
    });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Huế')).toBeInTheDocument();
    expect(within(within(table).getAllByRole('row')[1]).getAllByRole('cell')[5]).toHaveTextContent('—');
  });

  it('deletes after the confirmation, which names the post', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    let stored = [row(2, 'Hà Giang loop', 0), row(1, 'Draft', 1)];
    const { user, calls } = renderAdmin(<PostsPage />, {
      answers: {
        'posts.adminList': () => listOf(stored),
        'posts.delete': (input) => {
          stored = stored.filter((post) => post.id !== (input as { id: number }).id);
          return { status: 200 };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Xóa Draft' }));
    expect(confirm).toHaveBeenCalledWith('Bạn có chắc muốn xoá bài đăng Draft không?');
    expect(confirmDeletePost('Draft')).toBe('Bạn có chắc muốn xoá bài đăng Draft không?');
    await waitFor(() => expect(screen.queryByText('Draft')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Draft has been moved to the Trash');
    expect(calls.find((call) => call.path === 'posts.delete')?.input).toEqual({ id: 1 });
  });

  it('filters by title on the server after a pause in typing', async () => {
    const { user, calls } = renderAdmin(<PostsPage />, {
      path: '/admin/view-post',
      answers: {
        'posts.adminList': (input) => listOf((input as { q?: string }).q ? [row(3, 'Giang', 0)] : [row(2, 'Other', 0)]),
      },
    });
    await screen.findByText('Other');
    await user.type(screen.getByRole('searchbox', { name: 'Search posts by title' }), 'giang');
    expect(await screen.findByText('Giang')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'posts.adminList').map((call) => call.input)).toEqual([
      { page: 1 },
      { q: 'giang', page: 1 },
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/view-post?q=giang');
  });

  it('asks the server for one page of ADMIN_POSTS_PAGE_SIZE posts, and pages by its total', async () => {
    const { calls } = renderAdmin(<PostsPage />, {
      path: '/admin/view-post?page=2',
      answers: storedPosts(ADMIN_POSTS_PAGE_SIZE + 5),
    });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 5);
    expect(within(table).getByText('Post 5')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Posts pages' });
    expect(within(pager).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).queryByRole('link', { name: 'Page 3' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'posts.adminList').map((call) => call.input)).toEqual([{ page: 2 }]);
  });

  it('asks for the same page again after a delete: the next post moves up and the pager counts one fewer', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, calls } = renderAdmin(<PostsPage />, {
      path: '/admin/view-post?page=1',
      answers: storedPosts(ADMIN_POSTS_PAGE_SIZE + 1),
    });
    const table = await screen.findByRole('table');
    expect(within(table).queryByText('Post 1')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page 2' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Xóa Post ${ADMIN_POSTS_PAGE_SIZE + 1}` }));
    expect(await within(table).findByText('Post 1')).toBeInTheDocument();
    expect(within(table).queryByText(`Post ${ADMIN_POSTS_PAGE_SIZE + 1}`)).not.toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(1 + ADMIN_POSTS_PAGE_SIZE);
    expect(screen.queryByRole('navigation', { name: 'Posts pages' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'posts.adminList').map((call) => call.input)).toEqual([
      { page: 1 },
      { page: 1 },
    ]);
  });
});

describe('PostsPage languages', () => {
  it("shows each post's language and its translations' states, and filters by language and missing translation in the address bar", async () => {
    const { user, calls } = renderAdmin(<PostsPage />, {
      path: '/admin/view-post?language=vi',
      answers: {
        'posts.adminList': () =>
          listOf([
            {
              ...row(2, 'Hà Giang', 0),
              language: 'vi',
              translations: [{ id: 5, language: 'en', title: 'Ha Giang', slug: 'ha-giang', state: 'draft' }],
            },
            { ...row(1, 'Huế', 0), language: 'vi' },
          ]),
      },
    });
    const table = await screen.findByRole('table');
    const languages = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tableRow) => within(tableRow).getAllByRole('cell')[6].textContent);
    expect(languages).toEqual(['vien: draft', 'vien: missing']);
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('vi');

    await user.click(screen.getByRole('checkbox', { name: 'Missing a translation' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/view-post?language=vi&missing_translation=true'),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'All languages');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/view-post?missing_translation=true'),
    );
    expect(calls.filter((call) => call.path === 'posts.adminList').map((call) => call.input)).toEqual([
      { language: 'vi', page: 1 },
      { language: 'vi', missing_translation: true, page: 1 },
      { missing_translation: true, page: 1 },
    ]);
  });

  it('shows no language filters on a site that runs one language', async () => {
    renderAdmin(<PostsPage />, {
      answers: {
        'siteInfo.list': () => [{ default_language: 'en', languages: ['en'] }],
        'posts.adminList': () => listOf([row(1, 'Hà Giang loop', 0)]),
      },
    });
    await screen.findByRole('table');
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Missing a translation' })).not.toBeInTheDocument();
  });
});
