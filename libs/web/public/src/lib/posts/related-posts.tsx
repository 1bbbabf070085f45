import { trpc } from '@blog/web/data';
import { ErrorRetry, PostGrid } from '@blog/web/ui';

/**
 * The end of a post: the posts related to it (same category, shared keywords; the server picks and
 * orders them). Nothing when there are none; a retry when they could not be loaded.
 */
export function RelatedPosts({ slug }: { slug: string }) {
  const related = trpc.posts.related.useQuery({ slug });
  if (related.isPending || related.data?.length === 0) return null;
  return (
    <section className="related-posts" aria-labelledby="related-posts-title">
      <h2 id="related-posts-title">Related posts</h2>
      {related.data ? (
        <PostGrid posts={related.data} columns={3} titleAs="h3" />
      ) : (
        <ErrorRetry
          message="The related posts could not be loaded. Please check your connection and try again."
          onRetry={() => void related.refetch()}
          retrying={related.isFetching}
        />
      )}
    </section>
  );
}
