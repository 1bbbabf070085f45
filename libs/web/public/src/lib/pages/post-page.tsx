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
import { langInput, useLocalPath, usePageLanguage, useReadLanguage, useT } from '../i18n/language-context';
import { LanguageSwitcher } from '../i18n/language-switcher';
import { useWorkLanguages } from '../i18n/site-languages';
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
  const t = useT();
  const languages = useWorkLanguages(post);
  const lang = useReadLanguage();
  // Title, description and keywords from the meta fields, the site name where one is blank.
  const head = postHeadOf(post, site.site_name);
  const path = `/${post.slug}`;
  const pagePath = useLocalPath()(path);
  const src = uploadUrl(post.thumbnail);
  // Its real size, as link previews want it (the page itself shows it at 8:5).
  const vocabulary = vocabularyEntriesOf(post.content);
  const thread = trpc.comments.list.useQuery({ slug: post.slug, lang });
  const size =
    post.thumbnail_width && post.thumbnail_height ? { width: post.thumbnail_width, height: post.thumbnail_height } : {};
  return (
    <>
      <PageHead
        {...head}
        path={path}
        translations={post.translations}
        image={src ? { src, ...size, alt: thumbnailAltOf(post) } : undefined}
        article={{
          publishedTime: post.published_at ?? post.created_at,
          modifiedTime: post.updated_at,
          section: post.category_name,
        }}
      />
      <JsonLd
        data={blogPostingStructuredData(origin, site, {
          path: pagePath,
          headline: post.title,
          description: head.description,
          keywords: post.meta_keywords.trim(),
          datePublished: post.published_at ?? post.created_at,
          dateModified: post.updated_at,
          section: post.category_name,
          image: src ? { url: `${origin}${src}`, ...size } : undefined,
          logo: info?.logo_1_url ? `${origin}${info.logo_1_url}` : undefined,
          comments: thread.data && { count: thread.data.count, threads: thread.data.comments },
          languages,
        })}
      />
      {vocabulary.length > 0 && (
        <JsonLd data={definedTermSetStructuredData(origin, { path: pagePath, title: post.title }, vocabulary)} />
      )}
      <PageBreadcrumb
        steps={[
          { label: t('layout.home'), to: '/' },
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
  const { language } = usePageLanguage();
  const t = useT();
  return (
    // A post shown on a page of another language (a preview) says its own.
    <article className="post" lang={post.language !== language ? post.language : undefined}>
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
          {`${t('post.by')} `}
          <span className="post__author">{authorName}</span> · <FormattedDate iso={post.updated_at} />
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
  const moved = trpc.posts.redirect.useQuery({ slug, lang: useReadLanguage() });
  const t = useT();
  // Its address now, in its language (another one when the post changed language).
  if (moved.data) return <MovedPermanently to={moved.data.path} />;
  if (moved.isPending) return <QueryStatus query={moved} what={t('status.thisPost')} />;
  return <NotFoundPage />;
}

export const prefetchPostPage: PagePrefetch = (utils, { params, search, lang }) => [
  utils.posts.bySlug.prefetch({ slug: params['slug'] ?? '', lang }),
  ...prefetchPostComments(utils, { kind: 'post', slug: params['slug'] ?? '' }, search, lang),
  utils.posts.related.prefetch({ slug: params['slug'] ?? '', lang }),
  utils.posts.recent.prefetch(langInput(lang)),
  prefetchSubscribeForm(utils),
];

/** `/{post_slug}`: one post beside the sidebar; an unknown or hidden post is NotFound. */
export function PostPage() {
  const { slug = '' } = useParams();
  const post = trpc.posts.bySlug.useQuery({ slug, lang: useReadLanguage() });
  const t = useT();
  if (isMissing(post)) return <MissingPost slug={slug} />;
  // The sidebar does not wait for the post (and the server learns at once that it is needed).
  return (
    <PublicLayout>
      <div className="container">
        {post.data && <PostHeading post={post.data} />}
        <div className="post-layout">
          {post.data ? (
            <div>
              <LanguageSwitcher translations={post.data.translations} />
              <PostArticle post={post.data} />
              <PostComments subject={{ kind: 'post', id: post.data.id, slug: post.data.slug }} />
              <SubscribeForm />
              <RelatedPosts slug={post.data.slug} />
            </div>
          ) : (
            <QueryStatus query={post} what={t('status.thisPost')} />
          )}
          <Sidebar />
        </div>
      </div>
    </PublicLayout>
  );
}
