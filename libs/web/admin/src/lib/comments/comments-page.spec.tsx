import { screen, waitFor, within } from '@testing-library/react';
import type { AdminComment, AdminPostRow, CommentCounts, CommentList } from '@blog/contracts';
import { trpcError } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { CommentsPage } from './comments-page';

const POST = { id: 4, title: 'Học tiếng Việt: thanh điệu', slug: 'thanh-dieu' };
const COUNTS: CommentCounts = { pending: 1, approved: 1, spam: 3, trash: 0 };
const HELD: AdminComment = {
  id: 11,
  parent_id: null,
  author_name: 'Lan',
  author_url: 'https://lan.example',
  body: 'Dấu hỏi hay dấu ngã?\nCảm ơn!',
  by_owner: false,
  created_at: '2026-03-01T08:00:00.000Z',
  post: POST,
  project: null,
  author_email: 'lan@example.com',
  state: 'pending',
  notify_replies: true,
  spam_score: 40,
  signals: [{ name: 'too_many_links', score: 40 }],
  address_hash: 'abc',
  user_agent: 'Firefox',
  approved_at: null,
  updated_at: '2026-03-01T08:00:00.000Z',
};
const SHOWN: AdminComment = {
  ...HELD,
  id: 12,
  author_name: 'Minh',
  author_url: null,
  author_email: 'minh@example.com',
  body: 'Very clear, thanks.',
  state: 'approved',
  spam_score: 0,
  signals: [],
  approved_at: '2026-03-02T08:00:00.000Z',
};
const page = (comments: AdminComment[]): CommentList => ({ comments, total: comments.length, page: 1, page_size: 50 });
const postRow = (id: number, title: string) => ({ id, title }) as AdminPostRow;

/** The screen with the answers every load needs; `answers` adds or replaces some. */
function renderComments(answers: Record<string, (input: unknown) => unknown> = {}, path = '/admin/comments') {
  return renderAdmin(<CommentsPage />, {
    path,
    route: '/admin/comments',
    answers: {
      'commentsAdmin.list': () => page([HELD, SHOWN]),
      'commentsAdmin.counts': () => COUNTS,
      'posts.adminList': () => ({ rows: [postRow(4, POST.title), postRow(5, 'Hà Giang')], total: 2 }),
      ...answers,
    },
  });
}

const inputsOf = (calls: Array<{ path: string; input: unknown }>, path: string) =>
  calls.filter((call) => call.path === path).map((call) => call.input);

describe('CommentsPage', () => {
  it('lists each comment with its writer, text, signals and score, its post and state, and the states with their counts', async () => {
    renderComments();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Select', 'Writer', 'Comment', 'Post', 'State', 'Actions']);
    const [, held, shown] = within(table).getAllByRole('row');
    expect(within(held).getByText('lan@example.com')).toBeInTheDocument();
    expect(within(held).getByRole('link', { name: 'https://lan.example' })).toHaveAttribute(
      'rel',
      'nofollow ugc noopener',
    );
    expect(within(held).getByText(/Dấu hỏi hay dấu ngã\?\s+Cảm ơn!/)).toBeInTheDocument();
    expect(within(held).getByText('Spam score 40: too many links (40)')).toBeInTheDocument();
    expect(within(held).getByRole('link', { name: POST.title })).toHaveAttribute('href', '/thanh-dieu');
    // Only the actions that change it: a held one is approved, marked spam or trashed; a shown one is not approved again.
    expect(within(held).getByRole('button', { name: 'Approve the comment by Lan' })).toBeInTheDocument();
    expect(within(shown).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Mark spam the comment by Minh' })).toBeInTheDocument();

    const states = screen.getByRole('group', { name: 'State' });
    expect(
      within(states)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Pending (1)', 'Approved (1)', 'Spam (3)', 'Trash (0)']);
  });

  it('filters by state and post on the server, from page 1, kept in the address', async () => {
    const { user, calls } = renderComments({}, '/admin/comments?page=2');
    await screen.findByRole('table');
    expect(inputsOf(calls, 'commentsAdmin.list')[0]).toEqual({ page: 2 });
    await user.click(screen.getByRole('button', { name: 'Spam (3)' }));
    await waitFor(() => expect(inputsOf(calls, 'commentsAdmin.list').at(-1)).toEqual({ state: 'spam', page: 1 }));
    expect(screen.getByRole('button', { name: 'Spam (3)' })).toHaveAttribute('aria-pressed', 'true');
    await user.selectOptions(await screen.findByLabelText('Post'), 'Hà Giang');
    await waitFor(() =>
      expect(inputsOf(calls, 'commentsAdmin.list').at(-1)).toEqual({ state: 'spam', post: 5, page: 1 }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/comments?state=spam&post=5');
  });

  it('approves one, then the list and the counts are read again, and says so', async () => {
    const { user, calls } = renderComments({ 'commentsAdmin.approve': () => ({ ...HELD, state: 'approved' }) });
    await user.click(await screen.findByRole('button', { name: 'Approve the comment by Lan' }));
    expect(await screen.findByText('The comment is approved.')).toBeInTheDocument();
    expect(inputsOf(calls, 'commentsAdmin.approve')).toEqual([{ id: 11 }]);
    expect(inputsOf(calls, 'commentsAdmin.counts').length).toBeGreaterThan(1);
  });

  it('acts on the ticked rows at once, the buttons off until one is ticked', async () => {
    const { user, calls } = renderComments({ 'commentsAdmin.bulk': () => ({ changed: 2 }) });
    const bulk = await screen.findByRole('group', { name: 'Selected comments' });
    expect(within(bulk).getByRole('button', { name: 'Mark spam selected (0)' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select the comment by Lan' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select the comment by Minh' }));
    expect(within(bulk).getByRole('checkbox', { name: 'Select all shown' })).toBeChecked();
    await user.click(within(bulk).getByRole('button', { name: 'Mark spam selected (2)' }));
    expect(await screen.findByText('2 comments are marked spam.')).toBeInTheDocument();
    expect(inputsOf(calls, 'commentsAdmin.bulk')).toEqual([{ action: 'spam', ids: [11, 12] }]);
    expect(screen.getByRole('checkbox', { name: 'Select the comment by Lan' })).not.toBeChecked();
  });

  it("replies as the author, checking the text first, and edits a comment's text", async () => {
    const { user, calls } = renderComments({
      'commentsAdmin.reply': () => ({ ...HELD, id: 13, by_owner: true }),
      'commentsAdmin.edit': () => SHOWN,
    });
    await user.click(await screen.findByRole('button', { name: 'Reply to the comment by Lan' }));
    const dialog = screen.getByRole('dialog', { name: 'Reply to Lan' });
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await within(dialog).findByText('Comment is required')).toBeInTheDocument();
    expect(inputsOf(calls, 'commentsAdmin.reply')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Your reply'), 'Dấu hỏi.');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Your reply is published.')).toBeInTheDocument();
    expect(inputsOf(calls, 'commentsAdmin.reply')).toEqual([{ id: 11, body: 'Dấu hỏi.' }]);

    await user.click(screen.getByRole('button', { name: 'Edit the comment by Minh' }));
    const edit = screen.getByRole('dialog', { name: 'Edit the comment by Minh' });
    const text = within(edit).getByLabelText('Comment');
    expect(text).toHaveValue('Very clear, thanks.');
    await user.type(text, ' Cảm ơn.');
    await user.click(within(edit).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The comment is saved.')).toBeInTheDocument();
    expect(inputsOf(calls, 'commentsAdmin.edit')).toEqual([{ id: 12, body: 'Very clear, thanks. Cảm ơn.' }]);
  });

  it("says the server's refusal in the dialog and keeps what was typed", async () => {
    const { user } = renderComments({
      'commentsAdmin.reply': () => {
        throw trpcError('NOT_FOUND', 404, 'Comment not found');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reply to the comment by Lan' }));
    const dialog = screen.getByRole('dialog', { name: 'Reply to Lan' });
    await user.type(within(dialog).getByLabelText('Your reply'), 'Dấu hỏi.');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await within(dialog).findByText('Comment not found')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your reply')).toHaveValue('Dấu hỏi.');
  });

  it('erases an e-mail: the address checked, a confirmation, then how many comments changed, and the list read again', async () => {
    const { user, calls } = renderComments({ 'commentsAdmin.eraseEmail': () => ({ changed: 2 }) });
    await user.click(await screen.findByRole('button', { name: 'Erase an e-mail…' }));
    const dialog = screen.getByRole('dialog', { name: 'Erase an e-mail address' });
    await user.type(within(dialog).getByLabelText('E-mail address'), 'lan@');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Email must be a valid e-mail address')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('E-mail address'), 'example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(/^Erase lan@example\.com from every comment\?/)).toBeInTheDocument();
    expect(inputsOf(calls, 'commentsAdmin.eraseEmail')).toEqual([]);
    const listReads = inputsOf(calls, 'commentsAdmin.list').length;
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('2 comments changed: they are now by “Guest”.');
    expect(inputsOf(calls, 'commentsAdmin.eraseEmail')).toEqual([{ email: 'lan@example.com' }]);
    await waitFor(() => expect(inputsOf(calls, 'commentsAdmin.list').length).toBeGreaterThan(listReads));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when a moderation failed, and when nothing matches the filters', async () => {
    const { user } = renderComments({
      'commentsAdmin.list': (input) => ((input as { state?: string }).state ? page([]) : page([HELD])),
      'commentsAdmin.trash': () => {
        throw trpcError('NOT_FOUND', 404, 'Comment not found');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Trash the comment by Lan' }));
    expect(await screen.findByText('Comment not found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Trash (0)' }));
    expect(await screen.findByText('No comments match these filters.')).toBeInTheDocument();
  });

  it("names a project's comment's project, linked to its page", async () => {
    const underProject: AdminComment = {
      ...SHOWN,
      id: 13,
      post: null,
      project: { id: 7, title: 'Homestay booking', slug: 'homestay-booking' },
    };
    renderComments({ 'commentsAdmin.list': () => page([underProject]) });
    const link = await screen.findByRole('link', { name: 'Homestay booking' });
    expect(link).toHaveAttribute('href', '/portfolio/homestay-booking');
    expect(link.closest('td')).toHaveTextContent('Project Homestay booking');
  });
});
