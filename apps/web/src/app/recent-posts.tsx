import { trpc } from '@blog/web/data';

/** The home page's Recent posts, read through the typed tRPC hook. */
export function RecentPosts() {
  const home = trpc.posts.home.useQuery();

  if (home.isPending) {
    return (
      <p role="status" aria-live="polite">
        Loading…
      </p>
    );
  }
  if (home.isError) {
    return (
      <div role="alert">
        <p>The posts could not be loaded.</p>
        <button type="button" onClick={() => void home.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <main className="container">
      <h1>Recent posts</h1>
      <ul className="recent-posts">
        {home.data.posts.map((post) => (
          <li key={post.id}>
            <a href={`/${post.slug}`}>{post.title}</a>
            <span className="category"> · {post.category_name}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
