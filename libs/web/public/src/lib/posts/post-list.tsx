import { pageCount, type PostCard } from '@blog/contracts';
import { Pagination, PostGrid, Spinner } from '@blog/web/ui';
import { useT } from '../i18n/language-context';

export interface PostListProps {
  posts: PostCard[];
  total: number;
  page: number;
  hrefFor: (page: number) => string;
  /** True while another page is on its way (the current cards stay under the spinner). */
  loadingPage: boolean;
}

/** A page of post cards (1, 2 or 3 columns) and its pagination. */
export function PostList({ posts, total, page, hrefFor, loadingPage }: PostListProps) {
  const pages = pageCount(total);
  const t = useT();
  return (
    <div className="list-region">
      {loadingPage && <Spinner />}
      {posts.length > 0 ? (
        <PostGrid posts={posts} columns={3} titleAs="h2" eagerCount={3} />
      ) : (
        <p className="page-message">{total === 0 ? t('postList.empty') : t('postList.emptyPage')}</p>
      )}
      <Pagination page={page} pageCount={pages} hrefFor={hrefFor} label={t('ui.pages')} />
    </div>
  );
}
