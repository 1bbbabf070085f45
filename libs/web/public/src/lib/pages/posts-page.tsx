import { keepPreviousData } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { trpc, type PagePrefetch } from '@blog/web/data';
import { Banner } from '@blog/web/ui';
import bannerImage from '../../assets/banner.webp';
import { PageBreadcrumb } from '../head/page-breadcrumb';
import { PageHead } from '../head/page-head';
import { PublicLayout } from '../layout/public-layout';
import { pageFromSearch, pageHref } from '../posts/page-param';
import { PostList } from '../posts/post-list';
import { QueryStatus } from './query-status';
import './pages.css';

export const prefetchPostsPage: PagePrefetch = (utils, { search }) => [
  utils.posts.page.prefetch({ page: pageFromSearch(search) }),
];

/** `/posts`: every visible post, 6 a page, newest first. */
export function PostsPage() {
  const [params] = useSearchParams();
  const page = pageFromSearch(params);
  const posts = trpc.posts.page.useQuery({ page }, { placeholderData: keepPreviousData });
  return (
    <PublicLayout>
      <PageHead title="All Posts" path={pageHref('/posts', page)} />
      <Banner image={bannerImage}>
        <h1>All Posts</h1>
      </Banner>
      <div className="container">
        <PageBreadcrumb
          steps={[
            { label: 'Home', to: '/' },
            { label: 'Posts', to: '/posts' },
          ]}
        />
        <QueryStatus query={posts} what="The posts" />
        {posts.data && (
          <PostList
            posts={posts.data.posts}
            total={posts.data.total}
            page={page}
            hrefFor={(n) => pageHref('/posts', n)}
            loadingPage={posts.isPlaceholderData}
          />
        )}
      </div>
    </PublicLayout>
  );
}
