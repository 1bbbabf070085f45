import { prefetchSubscribeForm } from '../subscribe/subscribe-form';
import { useParams } from 'react-router-dom';
import { CONTENT_IMAGE_SIZES, postHeadOf, thumbnailAltOf, uploadUrl, type PostDetail } from '@blog/contracts';
import { trpc, useSiteIdentity, type PagePrefetch } from '@blog/web/data';
import { FormattedDate, ReadingTime, RichText, UploadedPicture } from '@blog/web/ui';
import { JsonLd } from '../head/json-ld';
import { PageBreadcrumb } from '../head/page-breadcrumb';
import { PageHead } from '../head/page-head';
import { useSiteOrigin } from '../head/site-origin';
import { vocabularyEntriesOf } from '@blog/shared/html/vocabulary';
import { blogPostingStructuredData, definedTermSetStructuredData } from '../head/structured-data';
import { PublicLayout } from '../layout/public-layout';
import { RelatedPosts } from '../posts/related-posts';
import { SubscribeForm } from '../subscribe/subscribe-form';
import { PostComments, prefetchPostComments } from '../comments/post-comments';
import { Sidebar } from '../layout/sidebar';
import { useGeneralInfo } from '../layout/use-general-info';
import { MovedPermanently } from '../routing/response-status';
import { CATEGORIES_WITHOUT_BYLINE, CATEGORIES_WITHOUT_THUMBNAIL } from '../site';
import { NotFoundPage } from './not-found-page';
import { isMissing, QueryStatus } from './query-status';
import './pages.css';

/** The size the post page shows a thumbnail at (its 8:5 ratio reserves the space before it loads). */
const THUMBNAIL_SIZE = { width: 800, height: 500 };

/** The post's head tags, structured data and breadcrumb. */
function PostHeading({ post }: { post: PostDetail }) {
  const origin = useSiteOrigin();
  const { info } = useGeneralInfo();
  const site = useSiteIdentity();
  // Title, description and keywords from the meta fields, the site name where one is blank.
  const head = postHeadOf(post, site.site_name);
  const path = `/${post.slug}`;
  const src = uploadUrl(post.thumbnail);
  // Its real size, as link previews want it (the page itself shows it at 8:5).
  const vocabulary = vocabularyEntriesOf(post.content);
  const thread = trpc.comments.list.useQuery({ slug: post.slug });
  const size =
    post.thumbnail_width && post.thumbnail_height ? { width: post.thumbnail_width, height: post.thumbnail_height } : {};
  return (
    <>
      <PageHead
        {...head}
        path={path}
        image={src ? { src, ...size, alt: thumbnailAltOf(post) } : undefined}
        article={{
          publishedTime: post.published_at ?? post.created_at,
          modifiedTime: post.updated_at,
          section: post.category_name,
        }}
      />
      <JsonLd
        data={blogPostingStructuredData(origin, site, {
          path,
          headline: post.title,
          description: head.description,
          keywords: post.meta_keywords.trim(),
          datePublished: post.published_at ?? post.created_at,
          dateModified: post.updated_at,
          section: post.category_name,
          image: src ? { url: `${origin}${src}`, ...size } : undefined,
          logo: info?.logo_1_url ? `${origin}${info.logo_1_url}` : undefined,
          comments: thread.data && { count: thread.data.count, threads: thread.data.comments },
        })}
      />
      {vocabulary.length > 0 && (
        <JsonLd data={definedTermSetStructuredData(origin, { path, title: post.title }, vocabulary)} />
      )}
      <PageBreadcrumb
        steps={[
          { label: 'Home', to: '/' },
          { label: post.category_name, to: `/category/${post.category_slug}` },
          { label: post.title, to: path },
        ]}
      />
    </>
  );
}

/** The post itself: thumbnail, byline, title, reading time and text (its page, and its preview). */
export function PostArticle({ post }: { post: PostDetail }) {
  const thumbnail = CATEGORIES_WITHOUT_THUMBNAIL.includes(post.category_slug) ? null : post.thumbnail;
  const showByline = !CATEGORIES_WITHOUT_BYLINE.includes(post.category_slug);
  const { author_name: authorName } = useSiteIdentity();
  return (
    <article className="post">
      {thumbnail && (
        // The page's largest paint: fetched early, never lazily.
        <UploadedPicture
          className="post__thumbnail"
          fileName={thumbnail}
          naturalWidth={post.thumbnail_width}
          sizes={CONTENT_IMAGE_SIZES}
          alt={thumbnailAltOf(post)}
          {...THUMBNAIL_SIZE}
          fetchPriority="high"
        />
      )}
      {showByline && (
        <p className="post__byline">
          By <span className="post__author">{authorName}</span> · <FormattedDate iso={post.updated_at} />
        </p>
      )}
      <h1 className="post__title">{post.title}</h1>
      {/* Apart from the author and date line, which some categories do without. */}
      <ReadingTime className="post__reading-time" minutes={post.reading_minutes} />
      <RichText html={post.content} />
    </article>
  );
}

/** An unknown slug may be a post's old one: its new address, else NotFound. */
function MissingPost({ slug }: { slug: string }) {
  const moved = trpc.posts.redirect.useQuery({ slug });
  if (moved.data) return <MovedPermanently to={`/${moved.data.slug}`} />;
  if (moved.isPending) return <QueryStatus query={moved} what="This post" />;
  return <NotFoundPage />;
}

export const prefetchPostPage: PagePrefetch = (utils, { params, search }) => [
  utils.posts.bySlug.prefetch({ slug: params['slug'] ?? '' }),
  ...prefetchPostComments(utils, { kind: 'post', slug: params['slug'] ?? '' }, search),
  utils.posts.related.prefetch({ slug: params['slug'] ?? '' }),
  utils.posts.recent.prefetch(),
  prefetchSubscribeForm(utils),
];

/** `/{post_slug}`: one post beside the sidebar; an unknown or hidden post is NotFound. */
export function PostPage() {
  const { slug = '' } = useParams();
  const post = trpc.posts.bySlug.useQuery({ slug });
  if (isMissing(post)) return <MissingPost slug={slug} />;
  // The sidebar does not wait for the post (and the server learns at once that it is needed).
  return (
    <PublicLayout>
      <div className="container">
        {post.data && <PostHeading post={post.data} />}
        <div className="post-layout">
          {post.data ? (
            <div>
              <PostArticle post={post.data} />
              <PostComments subject={{ kind: 'post', id: post.data.id, slug: post.data.slug }} />
              <SubscribeForm />
              <RelatedPosts slug={post.data.slug} />
            </div>
          ) : (
            <QueryStatus query={post} what="This post" />
          )}
          <Sidebar />
        </div>
      </div>
    </PublicLayout>
  );
}
