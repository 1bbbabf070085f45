import { screen, waitFor, within } from '@testing-library/react';
import type { About, AdminPost, Category, ChangeAuthor } from '@blog/contracts';
import type { RichTextEditorProps } from '@blog/web/editor';
import { trpcError } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { AboutPage } from '../about/about-page';
import { formatDateTime, formatTime } from '../forms/format';
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

const CATEGORIES: Category[] = [category(2, 'Tiếng Anh', 'tieng-anh')];
const POST: AdminPost & { version: number } = {
  id: 7,
  version: 3,
  category_id: 2,
  category_name: 'Tiếng Anh',
  title: 'Học tiếng Anh',
  slug: 'hoc-tieng-anh',
  content: '<p>Nội dung cũ</p>',
  short_content: '',
  thumbnail: null,
  thumbnail_url: null,
  thumbnail_alt: '',
  meta_title: 'Học tiếng Anh',
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
const CHANGED: ChangeAuthor = {
  at: '2025-12-03T07:32:00.000Z',
  user_id: 2,
  user_name: 'Thuy',
  via: 'trpc',
  session: 'Firefox on Android',
};
const THEIRS = { ...POST, version: 4, title: 'Học tiếng Anh giao tiếp', content: '<p>Nội dung của Thuy</p>' };
const conflict = (current: unknown) =>
  trpcError('CONFLICT', 409, 'This post was changed meanwhile', undefined, { conflict: { current, changed: CHANGED } });

/** The signed-in owner (another user than Thuy). */
const OWNER = { id: 1, email: 'phuong@example.com', name: 'Phương', is_admin: 1 };

function renderPost(update: (input: unknown) => unknown) {
  return renderAdmin(<EditPostPage />, {
    path: '/admin/edit-post/7',
    route: '/admin/edit-post/:id',
    answers: {
      'auth.me': () => OWNER,
      'categories.list': () => CATEGORIES,
      'posts.adminById': () => POST,
      'posts.update': update,
    },
  });
}
const updates = (calls: Array<{ path: string; input: unknown }>) =>
  calls.filter((call) => call.path === 'posts.update').map((call) => call.input as { version?: number; title: string });

describe('The conflict dialog on the post form', () => {
  afterEach(() => jest.restoreAllMocks());

  it('sends the version loaded; on a conflict says who changed it, where and when; Keep mine saves over it', async () => {
    let answered = 0;
    const { user, calls } = renderPost(() => {
      answered += 1;
      if (answered === 1) throw conflict(THEIRS);
      return { status: 200, id: 7 };
    });
    const title = await screen.findByLabelText(/^Title/);
    await user.type(title, ' cơ bản');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const dialog = await screen.findByRole('dialog', { name: 'Thuy saved this meanwhile' });
    expect(dialog).toHaveTextContent(`Thuy, in Firefox on Android, at ${formatDateTime(CHANGED.at)}, in the admin.`);
    expect(updates(calls)[0]).toMatchObject({ id: 7, version: 3, title: 'Học tiếng Anh cơ bản' });
    // Nothing of the form was touched by the refusal.
    expect(title).toHaveValue('Học tiếng Anh cơ bản');

    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/view-post'));
    expect(updates(calls)[1]).toMatchObject({ version: 4, title: 'Học tiếng Anh cơ bản' });
  });

  it('says "You" with the browser and the time when the newer version is the same owner\'s, from another tab', async () => {
    const now = new Date();
    const mine = {
      ...CHANGED,
      user_id: OWNER.id,
      user_name: OWNER.name,
      session: 'Chrome 140 on Linux',
      at: now.toISOString(),
    };
    const { user } = renderPost(() => {
      throw trpcError('CONFLICT', 409, 'This post was changed meanwhile', undefined, {
        conflict: { current: THEIRS, changed: mine },
      });
    });
    await user.type(await screen.findByLabelText(/^Title/), '!');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'You saved this meanwhile, in another tab or window' });
    // Today: the time alone.
    expect(dialog).toHaveTextContent(`You, in Chrome 140 on Linux, at ${formatTime(mine.at)}, in the admin.`);
    expect(dialog).not.toHaveTextContent(/Someone|Phương/);
  });

  it('Take theirs loads their version, keeps mine with an undo, and a save then goes over theirs', async () => {
    let answered = 0;
    const { user, calls } = renderPost(() => {
      answered += 1;
      if (answered === 1) throw conflict(THEIRS);
      return { status: 200, id: 7 };
    });
    const title = await screen.findByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'Tựa của tôi');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Take theirs' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(title).toHaveValue('Học tiếng Anh giao tiếp');
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveValue('<p>Nội dung của Thuy</p>');
    expect(screen.getByText(/Their version is loaded/)).toBeInTheDocument();

    // Leaving now would lose mine: the guard asks.
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    await user.click(screen.getByRole('link', { name: 'View posts' }));
    expect(confirm).toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Undo: back to mine' }));
    expect(title).toHaveValue('Tựa của tôi');
    expect(screen.getByText(/Your version is back in the form/)).toBeInTheDocument();
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(updates(calls)).toHaveLength(2));
    expect(updates(calls)[1]).toMatchObject({ version: 4, title: 'Tựa của tôi' });
  });

  it('Compare shows each field that differs side by side, words marked, Vietnamese diacritics compared by meaning', async () => {
    // Theirs has the title in NFD: the same words, not a difference.
    const theirs = { ...THEIRS, title: POST.title.normalize('NFD') };
    const { user } = renderPost(() => {
      throw conflict(theirs);
    });
    const content = await screen.findByRole('textbox', { name: 'Content' });
    await user.clear(content);
    await user.type(content, '<p>Nội dung mới</p>');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Compare' }));

    expect(within(dialog).queryByRole('region', { name: 'Title' })).not.toBeInTheDocument();
    const field = within(dialog).getByRole('region', { name: 'Content' });
    // Each version against the one the form loaded ("Nội dung cũ"): the words it added are added, not struck out.
    const side = (label: string) => within(within(field).getByText(label).parentElement as HTMLElement);
    expect(side('Their version').getByRole('insertion')).toHaveTextContent('[added: của Thuy]');
    expect(side('Their version').getByRole('deletion')).toHaveTextContent('[removed: cũ]');
    expect(side('Your version').getByRole('insertion')).toHaveTextContent('[added: mới]');
    expect(side('Your version').getByRole('deletion')).toHaveTextContent('[removed: cũ]');
  });

  it('Decide later closes the dialog and keeps everything typed', async () => {
    const { user } = renderPost(() => {
      throw conflict(THEIRS);
    });
    const title = await screen.findByLabelText(/^Title/);
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Decide later' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(title).toHaveValue('Học tiếng Anh!');
  });
});

describe('The About form and its version', () => {
  const ABOUT: About & { version: number } = { id: 4, version: 5, content: '<p>Xin chào</p>', language: 'en' };

  it('sends its version, goes on from the version its save wrote, and on a conflict can take theirs', async () => {
    let stored = ABOUT;
    let answered = 0;
    const { user, calls } = renderAdmin(<AboutPage />, {
      answers: {
        'about.list': () => [stored],
        'about.update': (input) => {
          answered += 1;
          if (answered === 2) throw conflict({ id: 4, version: 9, content: '<p>Của Thuy</p>' });
          stored = { ...stored, version: stored.version + 1, content: (input as About).content };
          return { status: 200, id: 4 };
        },
      },
    });
    const content = await screen.findByRole('textbox', { name: 'Content' });
    await user.type(content, ' một');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The About page has been saved.')).toBeInTheDocument();
    await user.type(content, ' hai');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const versions = calls
      .filter((call) => call.path === 'about.update')
      .map((call) => (call.input as { version?: number }).version);
    expect(versions).toEqual([5, 6]);

    await user.click(await screen.findByRole('button', { name: 'Take theirs' }));
    expect(content).toHaveValue('<p>Của Thuy</p>');
  });
});
