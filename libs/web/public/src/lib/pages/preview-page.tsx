import { Link, useParams } from 'react-router-dom';
import type { PostPreview } from '@blog/contracts';
import { trpc, useSiteIdentity, type PagePrefetch } from '@blog/web/data';
import { formatSiteDateTime } from '@blog/web/ui';
import { PageHead } from '../head/page-head';
import { PublicLayout } from '../layout/public-layout';
import { useResponseStatus } from '../routing/response-status';
import { PostArticle } from './post-page';
import { isMissing, QueryStatus } from './query-status';
import './pages.css';

/** Where the previewed post stands, said above it. */
function stateOf({ state, hidden, post }: PostPreview): string {
  const hiddenToo = hidden ? ' It is hidden: visitors will not see it until it is shown again.' : '';
  if (state === 'draft') return `This post is a draft: only people with this link can read it.${hiddenToo}`;
  if (state === 'scheduled' && post.published_at) {
    return `This post is scheduled: it will be published on ${formatSiteDateTime(post.published_at)}.${hiddenToo}`;
  }
  return `This post is published.${hiddenToo}`;
}

function PreviewNotice({ preview }: { preview: PostPreview }) {
  return (
    <div className="preview-notice" role="status">
      <strong>Preview.</strong> {stateOf(preview)}{' '}
      {preview.state === 'published' && !preview.hidden && (
        <Link to={`/${preview.post.slug}`}>Read it on the site</Link>
      )}
      <span className="preview-notice__expiry"> This link works until {formatSiteDateTime(preview.expires_at)}.</span>
    </div>
  );
}

/** A link unknown, malformed or expired: a 404 that says so. */
function ExpiredPreview() {
  useResponseStatus(404);
  const { site_name: siteName } = useSiteIdentity();
  return (
    <PublicLayout>
      <main className="container preview-expired">
        <PageHead title={`Preview not available | ${siteName}`} noIndex />
        <h1>Preview not available</h1>
        <p>This preview link is unknown or has expired. Ask the author for a new link.</p>
      </main>
    </PublicLayout>
  );
}

export const prefetchPreviewPage: PagePrefetch = (utils, { params }) => [
  utils.posts.preview.prefetch({ token: params['token'] ?? '' }),
];

/** `/preview/{token}`: a post before it is published, for whoever holds the private link; never indexed. */
export function PreviewPage() {
  const { token = '' } = useParams();
  const preview = trpc.posts.preview.useQuery({ token });
  const { site_name: siteName } = useSiteIdentity();
  if (isMissing(preview)) return <ExpiredPreview />;
  return (
    <PublicLayout>
      <div className="container">
        {preview.data ? (
          <>
            <PageHead title={`Preview: ${preview.data.post.title} | ${siteName}`} noIndex />
            <PreviewNotice preview={preview.data} />
            <PostArticle post={preview.data.post} />
          </>
        ) : (
          <QueryStatus query={preview} what="This preview" />
        )}
      </div>
    </PublicLayout>
  );
}
