import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { trpcError } from '@blog/web/data/testing';
import type { PostComments as Thread, PublicComment } from '@blog/contracts';
import { NO_COMMENTS, renderPage, type RenderPageOptions } from '../../testing/render-page';
import { COMMENT_LABELS, COMMENT_REFUSAL_MESSAGES } from './comment-labels';
import { PostComments } from './post-comments';

const comment = (id: number, fields: Partial<PublicComment> = {}): PublicComment => ({
  id,
  parent_id: null,
  author_name: `Reader ${id}`,
  author_url: null,
  body: `Comment ${id}`,
  by_owner: false,
  created_at: '2026-11-20T10:00:00.000Z',
  ...fields,
});

const THREAD: Thread = {
  ...NO_COMMENTS,
  count: 3,
  comments: [
    {
      ...comment(1, {
        author_url: 'https://lan.example',
        body: 'What does "phở" mean?\nSee https://example.com/pho.\n\nThanks!',
      }),
      replies: [comment(3, { parent_id: 1, author_name: 'Phương', by_owner: true, body: 'A noodle soup.' })],
    },
    { ...comment(2), replies: [] },
  ],
};

function renderThread(path: string, answers: RenderPageOptions['answers'] = {}) {
  return renderPage(path, {
    ui: <PostComments subject={{ kind: 'post', id: 7, slug: 'hoc-tieng-anh' }} />,
    answers: { 'comments.list': () => THREAD, ...answers },
  });
}

describe('PostComments', () => {
  it('shows each comment as an article with its writer, date and text, links nofollow ugc, replies under their parent, the author marked', async () => {
    renderThread('/hoc-tieng-anh');
    expect(await screen.findByRole('heading', { name: '3 comments' })).toBeInTheDocument();
    const first = screen.getByRole('article', { name: 'Reader 1' });
    expect(first).toHaveAttribute('id', 'comment-1');
    expect(within(first).getByRole('link', { name: 'Reader 1' })).toHaveAttribute('rel', 'nofollow ugc');
    const link = within(first).getByRole('link', { name: 'https://example.com/pho' });
    expect(link).toHaveAttribute('rel', 'nofollow ugc');
    // Line breaks kept, paragraphs at blank lines, the full stop after the address left out of it.
    expect(first.querySelectorAll('.comment__text p')).toHaveLength(2);
    expect(first.querySelector('.comment__text br')).not.toBeNull();
    expect(first.querySelector('time')).toHaveAttribute('datetime', '2026-11-20T10:00:00.000Z');
    const answer = screen.getByRole('article', { name: 'Phương' });
    expect(within(answer).getByText(COMMENT_LABELS.author)).toBeInTheDocument();
    expect(first.closest('li')).toContainElement(answer);
    // A reply link per top-level comment only.
    expect(screen.getAllByRole('link', { name: /^Reply to/ })).toHaveLength(2);
  });

  it('is an HTML form posting to /comments with the stamp, the post, a notify box sending true and a hidden honeypot', async () => {
    const { container } = renderThread('/hoc-tieng-anh');
    const form = await screen.findByRole('form', { name: COMMENT_LABELS.formHeading });
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/comments');
    expect(form).toHaveAttribute('id', 'comment-form');
    const hidden = (name: string) => container.querySelector(`input[name="${name}"]`);
    expect(hidden('from')).toHaveValue('/hoc-tieng-anh');
    expect(hidden('post_id')).toHaveValue('7');
    expect(hidden('rendered_at')).toHaveValue('stamp');
    expect(screen.getByLabelText(COMMENT_LABELS.email)).toBeRequired();
    expect(screen.getByLabelText(COMMENT_LABELS.website)).not.toBeRequired();
    expect(screen.getByRole('checkbox', { name: COMMENT_LABELS.notify })).toHaveAttribute('value', 'true');
    expect(hidden('phone')).toHaveAttribute('tabindex', '-1');
    expect(hidden('phone')?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('says plainly that comments are closed, and offers no form nor reply', async () => {
    renderThread('/hoc-tieng-anh', {
      'comments.list': () => ({ ...THREAD, open: false, closed_reason: 'Comments are closed on this post' }),
    });
    expect(await screen.findByText('Comments are closed on this post')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('link', { name: /^Reply to/ })).toBeNull();
  });

  it('shows the writer their held comment, by the token of the way back', async () => {
    const calls: unknown[] = [];
    renderThread('/hoc-tieng-anh?comment=held&token=c9-abc', {
      'comments.held': (input) => {
        calls.push(input);
        return { ...comment(9, { body: 'Is it pho or phở?' }), post_id: 7 };
      },
    });
    const held = await screen.findByRole('article', { name: 'Reader 9' });
    expect(held).toHaveAttribute('id', 'comment-9');
    expect(within(held).getByRole('status')).toHaveTextContent(COMMENT_LABELS.held);
    expect(calls).toEqual([{ token: 'c9-abc' }]);
  });

  it('says why the form was refused without JavaScript and marks the fields named', async () => {
    renderThread('/hoc-tieng-anh?comment_error=invalid&comment_fields=author_email,body');
    expect(await screen.findByRole('alert')).toHaveTextContent(COMMENT_REFUSAL_MESSAGES.invalid);
    expect(screen.getByLabelText(COMMENT_LABELS.email)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(COMMENT_LABELS.body)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(COMMENT_LABELS.name)).toHaveAttribute('aria-invalid', 'false');
  });

  it('leads "Reply" without JavaScript to the form answering that comment (?reply=), which the page renders', async () => {
    renderThread('/hoc-tieng-anh?reply=1');
    expect(await screen.findByText(COMMENT_LABELS.replyingTo('Reader 1'))).toBeInTheDocument();
    const form = screen.getByRole('form', { name: COMMENT_LABELS.formHeading });
    expect(form.querySelector('input[name="parent_id"]')).toHaveValue('1');
    expect(screen.getByRole('link', { name: 'Reply to Reader 2' })).toHaveAttribute(
      'href',
      '/hoc-tieng-anh?reply=2#comment-form',
    );
  });

  it('answers no reply (?reply=) that is not a shown top-level comment', async () => {
    renderThread('/hoc-tieng-anh?reply=3');
    const form = await screen.findByRole('form', { name: COMMENT_LABELS.formHeading });
    expect(form.querySelector('input[name="parent_id"]')).toBeNull();
    expect(screen.queryByText(/^Replying to/)).toBeNull();
  });

  it('sends a reply in place with JavaScript and shows it held; a refusal keeps what was typed', async () => {
    const user = userEvent.setup();
    const calls: Array<Record<string, unknown>> = [];
    let refuse = true;
    renderThread('/hoc-tieng-anh', {
      'comments.submit': (input) => {
        calls.push(input as Record<string, unknown>);
        if (refuse) throw trpcError('TOO_MANY_REQUESTS', 429, 'Too many comments');
        return { id: 9, state: 'pending', token: 'c9-abc', slug: 'hoc-tieng-anh', path: '/hoc-tieng-anh' };
      },
      'comments.held': () => ({ ...comment(9, { parent_id: 1, body: 'Thank you!' }), post_id: 7, project_id: null }),
    });
    await user.click(await screen.findByRole('link', { name: 'Reply to Reader 1' }));
    expect(screen.getByLabelText(COMMENT_LABELS.body)).toHaveFocus();
    expect(screen.getByText(COMMENT_LABELS.replyingTo('Reader 1'))).toBeInTheDocument();
    await user.type(screen.getByLabelText(COMMENT_LABELS.name), 'Lan');
    await user.type(screen.getByLabelText(COMMENT_LABELS.email), 'lan@example.com');
    await user.type(screen.getByLabelText(COMMENT_LABELS.body), 'Thank you!');
    await user.click(screen.getByRole('checkbox', { name: COMMENT_LABELS.notify }));
    await user.click(screen.getByRole('button', { name: COMMENT_LABELS.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(COMMENT_REFUSAL_MESSAGES.tooMany);
    expect(screen.getByLabelText(COMMENT_LABELS.body)).toHaveValue('Thank you!');
    refuse = false;
    await user.click(screen.getByRole('button', { name: COMMENT_LABELS.submit }));
    expect(await screen.findByText(COMMENT_LABELS.held)).toBeInTheDocument();
    expect(calls[1]).toEqual({
      post_id: 7,
      parent_id: 1,
      author_name: 'Lan',
      author_email: 'lan@example.com',
      author_url: '',
      body: 'Thank you!',
      notify_replies: true,
      rendered_at: 'stamp',
      phone: '',
    });
  });

  it('with JavaScript, sends a stamp taken when the form is first used, not the one of the cached page', async () => {
    const user = userEvent.setup();
    const stamps = ['page-stamp', 'fresh-stamp', 'later-stamp'];
    const sent: unknown[] = [];
    renderThread('/hoc-tieng-anh', {
      'comments.list': () => ({ ...THREAD, rendered_at: stamps.shift() as string }),
      'comments.submit': (input) => {
        sent.push((input as { rendered_at: string }).rendered_at);
        return { id: 9, state: 'pending', token: 'c9-abc', slug: 'hoc-tieng-anh', path: '/hoc-tieng-anh' };
      },
      'comments.held': () => ({ ...comment(9, { body: 'Hello' }), post_id: 7, project_id: null }),
    });
    await user.type(await screen.findByLabelText(COMMENT_LABELS.name), 'Lan');
    await user.type(screen.getByLabelText(COMMENT_LABELS.email), 'lan@example.com');
    await user.type(screen.getByLabelText(COMMENT_LABELS.body), 'Hello');
    await user.click(screen.getByRole('button', { name: COMMENT_LABELS.submit }));
    expect(await screen.findByText(COMMENT_LABELS.held)).toBeInTheDocument();
    // Asked once, at the first focus: typing on asks nothing more.
    expect(sent).toEqual(['fresh-stamp']);
    expect(stamps).toEqual(['later-stamp']);
  });
});
