import { screen, waitFor } from '@testing-library/react';
import { trpcError } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { PreviewLinks } from './preview-links';

const TOKEN = 'A'.repeat(43);
const LINK = { path: `/preview/${TOKEN}`, expires_at: '2030-01-09T01:30:00.000Z' };

describe('PreviewLinks', () => {
  it('makes a link, shows it with its expiry in the site’s time, copies it, and ends every link saying so', async () => {
    const { user, calls } = renderAdmin(<PreviewLinks postId={7} />, {
      answers: { 'posts.createPreview': () => LINK, 'posts.revokePreviews': () => ({ status: 200 }) },
    });
    expect(screen.getByRole('heading', { name: 'Preview' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Get a preview link' }));
    const link = await screen.findByRole('link', { name: `http://localhost/preview/${TOKEN}` });
    expect(link).toHaveAttribute('href', `http://localhost/preview/${TOKEN}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.parentElement).toHaveTextContent('works until January 09, 2030 at 08:30');
    expect(calls.find((call) => call.path === 'posts.createPreview')?.input).toEqual({ id: 7 });

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The preview link has been copied.');
    await expect(navigator.clipboard.readText()).resolves.toBe(`http://localhost/preview/${TOKEN}`);

    await user.click(screen.getByRole('button', { name: 'End all preview links' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Every preview link to this post has stopped working.'),
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === 'posts.revokePreviews')?.input).toEqual({ id: 7 });
  });

  it("shows the server's reason when a link cannot be made or ended, and no link", async () => {
    const { user } = renderAdmin(<PreviewLinks postId={99} />, {
      answers: {
        'posts.createPreview': () => {
          throw trpcError('NOT_FOUND', 404, 'Post not found');
        },
        'posts.revokePreviews': () => {
          throw trpcError('FORBIDDEN', 403, 'Only an administrator can do this');
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Get a preview link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Post not found');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'End all preview links' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only an administrator can do this');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says the server could not be reached when there was no answer, not the browser’s words', async () => {
    const { user } = renderAdmin(<PreviewLinks postId={7} />, {
      answers: {
        'posts.createPreview': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Get a preview link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server could not be reached. Check your connection and try again.',
    );
  });
});
