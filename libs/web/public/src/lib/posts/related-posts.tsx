import { trpc } from '@blog/web/data';
import { ErrorRetry, PostGrid } from '@blog/web/ui';
import { useReadLanguage, useT } from '../i18n/language-context';

/**
 * The end of a post: the posts related to it (same category, shared keywords; the server picks and
 * orders them). Nothing when there are none; a retry when they could not be loaded.
 */
export function RelatedPosts({ slug }: { slug: string }) {
  const related = trpc.posts.related.useQuery({ slug, lang: useReadLanguage() });
  const t = useT();
  if (related.isPending || related.data?.length === 0) return null;
  return (
    <section className="related-posts" aria-labelledby="related-posts-title">
      <h2 id="related-posts-title">{t('post.relatedPosts')}</h2>
      {related.data ? (
        <PostGrid posts={related.data} columns={3} titleAs="h3" />
      ) : (
        <ErrorRetry
          message={t('status.relatedPostsFailed')}
          onRetry={() => void related.refetch()}
          retrying={related.isFetching}
        />
      )}
    </section>
  );
}
