import { screen, waitFor, within } from '@testing-library/react';
import type { AdminPost, Category, PostRevision, RevisionSummary } from '@blog/contracts';
import type { RichTextEditorProps } from '@blog/web/editor';
import { renderAdmin } from '../../testing/render-admin';
import { AboutPage } from '../about/about-page';
import { formatDateTime } from '../forms/format';
import { EditPostPage } from '../posts/post-pages';
import { category } from '../../testing/category';

// jsdom cannot type into the editor's contenteditable: a textarea stands in for it (HTML in and out).
jest.mock('@blog/web/editor', () => ({ RichTextEditor: mockRichTextEditor }));
function mockRichTextEditor({ value, onChange, onBlur, 'aria-labelledby': labelledBy }: RichTextEditorProps) {
  return (
    <textarea
      aria-labelledby={labelledBy}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}

const CATEGORIES: Category[] = [category(1, 'Du lịch', 'du-lich'), category(2, 'Tiếng Anh', 'tieng-anh')];
const POST: AdminPost & { version: number } = {
  id: 7,
  version: 3,
  category_id: 2,
  category_name: 'Tiếng Anh',
  title: 'Đi Ha Noi',
  slug: 'di-ha-noi',
  content: '<p>Đi Ha Noi hôm nay</p><p>Phở ngon</p>',
  short_content: '',
  thumbnail: null,
  thumbnail_url: null,
  thumbnail_alt: '',
  meta_title: 'Đi Hà Nội',
  meta_description: '',
  meta_keywords: '',
  status: 1,
  published_at: '2025-01-05T10:00:00.000Z',
  color: null,
  price: null,
  comments_open: true,
  created_at: '2025-01-05T10:00:00.000Z',
  updated_at: '2025-01-05T10:00:00.000Z',
  language: 'en',
  translations: [],
};
const OLDER: RevisionSummary = {
  id: 11,
  version: 1,
  saved: { at: '2025-12-01T02:05:00.000Z', user_id: 1, user_name: 'Admin', via: 'rest', session: null },
  replaced_at: '2025-12-02T03:00:00.000Z',
};
const NEWER: RevisionSummary = {
  id: 12,
  version: 2,
  saved: { at: '2025-12-02T03:00:00.000Z', user_id: 2, user_name: 'Thuy', via: 'trpc', session: 'Firefox on Android' },
  replaced_at: '2025-12-03T07:32:00.000Z',
};
const REVISION: PostRevision = {
  ...NEWER,
  fields: {
    title: 'Đi Hà Nội',
    slug: 'di-ha-noi',
    category_id: 1,
    // NFD: the same letters as the form's where the words are the same.
    content: '<p>Đi Hà Nội hôm nay</p><p>Phở ngon</p>'.normalize('NFD'),
    short_content: '',
    thumbnail: null,
    thumbnail_alt: '',
    meta_title: 'Đi Hà Nội',
    meta_description: '',
    meta_keywords: '',
    status: 1,
    published_at: '2025-01-05T10:00:00.000Z',
    color: null,
    price: null,
  },
};

describe('The History panel of a post', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the revisions newest first, diffs one against the form word by word, and Restore loads it unsaved', async () => {
    const { user, calls } = renderAdmin(<EditPostPage />, {
      path: '/admin/edit-post/7',
      route: '/admin/edit-post/:id',
      answers: {
        'categories.list': () => CATEGORIES,
        'posts.adminById': () => POST,
        'revisions.list': () => [NEWER, OLDER],
        'revisions.get': () => REVISION,
        'posts.update': () => ({ status: 200, id: 7 }),
      },
    });
    const history = await screen.findByRole('region', { name: 'History' });
    const rows = await within(history).findAllByRole('row');
    expect(rows[1]).toHaveTextContent(formatDateTime(NEWER.saved.at));
    expect(rows[1]).toHaveTextContent('Thuy on Firefox on Android, in the admin');
    expect(rows[2]).toHaveTextContent('Admin, through the API');

    await user.click(within(history).getByRole('button', { name: `Show ${formatDateTime(NEWER.saved.at)}` }));
    expect(calls.find((call) => call.path === 'revisions.get')?.input).toEqual({
      record: 'post',
      id: 7,
      revision_id: 12,
    });
    const content = await within(history).findByRole('region', { name: 'Content' });
    // The revision's "Hà Nội" against the form's "Ha Noi"; "hôm nay" and "Phở ngon" (NFD there) are the same.
    expect(within(content).getByRole('deletion')).toHaveTextContent('[removed: Hà Nội]');
    expect(within(content).getByRole('insertion')).toHaveTextContent('[added: Ha Noi]');
    expect(content).toHaveTextContent(/hôm nay\s*Phở ngon/);
    expect(content).not.toHaveTextContent('<p>');
    const others = within(history).getByRole('region', { name: 'Other fields that differ' });
    expect(others).toHaveTextContent('Title');
    expect(others).toHaveTextContent('Category');
    expect(within(others).getAllByRole('deletion')[0]).toHaveTextContent('Du lịch');
    expect(others).not.toHaveTextContent('Meta Title');

    await user.click(within(history).getByRole('button', { name: 'Restore this version' }));
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Đi Hà Nội');
    expect(screen.getByLabelText(/Category ID/)).toHaveValue('1');
    expect(within(history).getByRole('status')).toHaveTextContent('is loaded into the form');
    // Unsaved: leaving asks.
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    await user.click(screen.getByRole('link', { name: 'View posts' }));
    expect(confirm).toHaveBeenCalled();

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'posts.update')).toBe(true));
    expect(calls.find((call) => call.path === 'posts.update')?.input).toMatchObject({
      id: 7,
      version: 3,
      title: 'Đi Hà Nội',
      category_id: 1,
    });
  });

  it('restores a revision written in another language with its language, and its category there', async () => {
    const tiengViet = category(3, 'Tiếng Việt', 'tieng-viet', { language: 'vi' });
    const { user, calls } = renderAdmin(<EditPostPage />, {
      path: '/admin/edit-post/7',
      route: '/admin/edit-post/:id',
      answers: {
        'categories.list': () => [...CATEGORIES, tiengViet],
        'posts.adminById': () => POST,
        'revisions.list': () => [NEWER],
        'revisions.get': () => ({ ...REVISION, fields: { ...REVISION.fields, language: 'vi', category_id: 3 } }),
        'posts.update': () => ({ status: 200, id: 7 }),
      },
    });
    const history = await screen.findByRole('region', { name: 'History' });
    await user.click(await within(history).findByRole('button', { name: `Show ${formatDateTime(NEWER.saved.at)}` }));
    const others = await within(history).findByRole('region', { name: 'Other fields that differ' });
    expect(others).toHaveTextContent('Language');
    await user.click(within(history).getByRole('button', { name: 'Restore this version' }));
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'posts.update')).toBe(true));
    expect(calls.find((call) => call.path === 'posts.update')?.input).toMatchObject({ language: 'vi', category_id: 3 });
  });

  it('says when there is no earlier version', async () => {
    renderAdmin(<EditPostPage />, {
      path: '/admin/edit-post/7',
      route: '/admin/edit-post/:id',
      answers: { 'categories.list': () => CATEGORIES, 'posts.adminById': () => POST, 'revisions.list': () => [] },
    });
    expect(await screen.findByText(/No earlier versions yet/)).toBeInTheDocument();
  });
});

describe('The History panel of the About page', () => {
  it('restores an earlier content into the form, which the next Update saves', async () => {
    const { user, calls } = renderAdmin(<AboutPage />, {
      answers: {
        'about.list': () => [{ id: 4, version: 2, content: '<p>Bây giờ</p>', language: 'en' }],
        'revisions.list': () => [NEWER],
        'revisions.get': () => ({ ...NEWER, fields: { content: '<p>Ngày xưa</p>' } }),
        'about.update': () => ({ status: 200, id: 4 }),
      },
    });
    const history = await screen.findByRole('region', { name: 'History' });
    await user.click(await within(history).findByRole('button', { name: /^Show/ }));
    const content = await within(history).findByRole('region', { name: 'Content' });
    expect(within(content).getByRole('deletion')).toHaveTextContent('Ngày xưa');
    expect(within(content).getByRole('insertion')).toHaveTextContent('Bây giờ');
    await user.click(within(history).getByRole('button', { name: 'Restore this version' }));
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveValue('<p>Ngày xưa</p>');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'about.update')).toBe(true));
    expect(calls.find((call) => call.path === 'about.update')?.input).toEqual({
      id: 4,
      version: 2,
      content: '<p>Ngày xưa</p>',
    });
  });
});
