import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { PostCard } from '@blog/contracts';
import type { AppRouter } from '@blog/api/trpc';
import { DataProvider } from '@blog/web/data';
import { RecentPosts } from './recent-posts';

const card = (id: number, title: string): PostCard => ({
  id,
  slug: `post-${id}`,
  title,
  thumbnail: null,
  imageAlt: title,
  updated_at: '2025-01-05T00:00:00.000Z',
  category_slug: 'story',
  category_name: 'Story',
  short_content: '<p>Short</p>',
  color: null,
  price: null,
});

/** A tRPC link answering from memory: `answer` gets the procedure path. */
function linkAnswering(answer: (path: string) => unknown): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        try {
          observer.next({ result: { type: 'data', data: answer(op.path) } });
          observer.complete();
        } catch (error) {
          observer.error(TRPCClientError.from(error as Error));
        }
      });
}

function renderWith(answer: (path: string) => unknown) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <DataProvider links={[linkAnswering(answer)]} queryClient={queryClient}>
      <RecentPosts />
    </DataProvider>,
  );
}

describe('RecentPosts', () => {
  it('shows the posts of posts.home as links to their pages', async () => {
    const paths: string[] = [];
    renderWith((path) => {
      paths.push(path);
      return { posts: [card(1, 'Hà Giang loop'), card(2, 'Học tiếng Anh')] };
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    const link = await screen.findByRole('link', { name: 'Hà Giang loop' });
    expect(link).toHaveAttribute('href', '/post-1');
    expect(screen.getByRole('link', { name: 'Học tiếng Anh' })).toHaveAttribute('href', '/post-2');
    expect(paths).toEqual(['posts.home']);
  });

  it('shows a retry message instead of an endless spinner when the call fails, and retries', async () => {
    let calls = 0;
    renderWith(() => {
      calls += 1;
      if (calls === 1) throw new Error('network down');
      return { posts: [card(3, 'Back again')] };
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
