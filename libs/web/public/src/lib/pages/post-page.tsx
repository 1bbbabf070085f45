import { useParams } from 'react-router-dom';
import { uploadUrl, type PostDetail } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { Breadcrumb, FormattedDate, RichText } from '@blog/web/ui';
import { PageHead } from '../head/page-head';
import { PublicLayout } from '../layout/public-layout';
import { Sidebar } from '../layout/sidebar';
import { CATEGORIES_WITHOUT_BYLINE, CATEGORIES_WITHOUT_THUMBNAIL, SITE_AUTHOR, SITE_NAME } from '../site';
import { NotFoundPage } from './not-found-page';
import { isMissing, QueryStatus } from './query-status';
import './pages.css';

/** Title, description and keywords from the post's meta fields; the site name where one is blank. */
export function postHead(post: PostDetail) {
  return {
    title: post.meta_title.trim() || post.title.trim() || SITE_NAME,
    description: post.meta_description.trim() || SITE_NAME,
    keywords: post.meta_keywords.trim() || SITE_NAME,
  };
}

function PostArticle({ post }: { post: PostDetail }) {
  const thumbnail = CATEGORIES_WITHOUT_THUMBNAIL.includes(post.category_slug) ? null : uploadUrl(post.thumbnail);
  const showByline = !CATEGORIES_WITHOUT_BYLINE.includes(post.category_slug);
  return (
    <div className="container">
      <PageHead {...postHead(post)} />
      <Breadcrumb
        items={[
          { label: 'Home', to: '/' },
          { label: post.category_name, to: `/category/${post.category_slug}` },
          { label: post.title },
        ]}
      />
      <div className="post-layout">
        <article className="post">
          {thumbnail && (
            <img className="post__thumbnail" src={thumbnail} alt={post.title} width={800} height={500} fetchPriority="high" />
          )}
          {showByline && (
            <p className="post__byline">
              By <span className="post__author">{SITE_AUTHOR}</span> · <FormattedDate iso={post.updated_at} />
            </p>
          )}
          <h1 className="post__title">{post.title}</h1>
          <RichText html={post.content} />
        </article>
        <Sidebar />
      </div>
    </div>
  );
}

/** `/{post_slug}`: one post beside the sidebar; an unknown or hidden post is NotFound. */
export function PostPage() {
  const { slug = '' } = useParams();
  const post = trpc.posts.bySlug.useQuery({ slug });
  if (isMissing(post)) return <NotFoundPage />;
  return (
    <PublicLayout>
      <QueryStatus query={post} what="This post" />
      {post.data && <PostArticle post={post.data} />}
    </PublicLayout>
  );
}
