import { screen, waitFor } from '@testing-library/react';
import type { PostPreview } from '@blog/contracts';
import { trpcError } from '@blog/web/data/testing';
import { fixtures, PublicRoutesForTest, renderPage } from '../../testing/render-page';
import { ResponseStatusContext, type ResponseStatus } from '../routing/response-status';
import { SITE_NAME } from '@blog/contracts';

const TOKEN = 'A'.repeat(43);
const PATH = `/preview/${TOKEN}`;
const EXPIRY = 'This link works until January 09, 2030 at 08:30.';
const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content');

const preview = (overrides: Partial<PostPreview> = {}, published_at: string | null = null): PostPreview => ({
  post: fixtures.detail({ published_at }),
  state: 'draft',
  hidden: false,
  expires_at: '2030-01-09T01:30:00.000Z',
  ...overrides,
});

/** Renders the preview as the server would, answering the status it sets. */
function renderPreview(answer: () => unknown) {
  const status: ResponseStatus = { code: 200 };
  const view = renderPage(PATH, {
    answers: { 'posts.preview': answer },
    ui: (
      <ResponseStatusContext.Provider value={status}>
        <PublicRoutesForTest />
      </ResponseStatusContext.Provider>
    ),
  });
  return { ...view, status };
}

describe('preview page', () => {
  it('shows a draft with a notice saying so and until when the link works, never indexed', async () => {
    const { callsTo, status } = renderPreview(() => preview());
    expect(await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' })).toBeInTheDocument();
    expect(screen.getByText('I left Hà Nội on a night bus.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      `Preview. This post is a draft: only people with this link can read it. ${EXPIRY}`,
    );
    expect(screen.queryByRole('link', { name: 'Read it on the site' })).not.toBeInTheDocument();
    expect(callsTo('posts.preview')[0].input).toEqual({ token: TOKEN });
    await waitFor(() => expect(document.title).toBe(`Preview: Hà Giang loop | ${SITE_NAME}`));
    expect(robots()).toBe('noindex, nofollow');
    expect(status.code).toBe(200);
  });

  it('says when a scheduled post will be published, in the site’s time', async () => {
    renderPreview(() => preview({ state: 'scheduled' }, '2030-01-02T01:30:00.000Z'));
    await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' });
    expect(screen.getByRole('status')).toHaveTextContent(
      `Preview. This post is scheduled: it will be published on January 02, 2030 at 08:30. ${EXPIRY}`,
    );
  });

  it('links a published post to its page on the site', async () => {
    renderPreview(() => preview({ state: 'published' }, '2025-01-02T03:00:00.000Z'));
    await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' });
    expect(screen.getByRole('status')).toHaveTextContent(
      `Preview. This post is published. Read it on the site ${EXPIRY}`,
    );
    expect(screen.getByRole('link', { name: 'Read it on the site' })).toHaveAttribute('href', '/ha-giang-loop');
  });

  it('says a hidden post is hidden, without a link visitors could not follow', async () => {
    renderPreview(() => preview({ state: 'published', hidden: true }, '2025-01-02T03:00:00.000Z'));
    await screen.findByRole('heading', { level: 1, name: 'Hà Giang loop' });
    expect(screen.getByRole('status')).toHaveTextContent(
      `Preview. This post is published. It is hidden: visitors will not see it until it is shown again. ${EXPIRY}`,
    );
    expect(screen.queryByRole('link', { name: 'Read it on the site' })).not.toBeInTheDocument();
  });

  it.each([
    ['unknown or expired', () => trpcError('NOT_FOUND', 404, 'This preview link is unknown or has expired')],
    ['malformed', () => trpcError('BAD_REQUEST', 400, 'This preview link is not valid')],
  ])('is a 404 "Preview not available" for a link %s', async (_, failure) => {
    const { status } = renderPreview(() => {
      throw failure();
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Preview not available' })).toBeInTheDocument();
    expect(
      screen.getByText('This preview link is unknown or has expired. Ask the author for a new link.'),
    ).toBeInTheDocument();
    expect(status.code).toBe(404);
    await waitFor(() => expect(document.title).toBe(`Preview not available | ${SITE_NAME}`));
    expect(robots()).toBe('noindex, nofollow');
  });

  it('offers to try again when the preview cannot be loaded', async () => {
    renderPreview(() => {
      throw trpcError('INTERNAL_SERVER_ERROR', 500);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This preview could not be loaded');
  });
});
