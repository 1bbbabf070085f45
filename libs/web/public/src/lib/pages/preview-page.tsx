import { Link, useParams } from 'react-router-dom';
import type { PostPreview } from '@blog/contracts';
import { trpc, useSiteIdentity, type PagePrefetch } from '@blog/web/data';
import { formatSiteDateTime, useUiWords } from '@blog/web/ui';
import type { Translate } from '../i18n/i18n';
import { useLocalPath, useT } from '../i18n/language-context';
import { PageHead } from '../head/page-head';
import { PublicLayout } from '../layout/public-layout';
import { useResponseStatus } from '../routing/response-status';
import { PostArticle } from './post-page';
import { isMissing, QueryStatus } from './query-status';
import './pages.css';

/** Where the previewed post stands, said above it (dates in `locale`). */
function stateOf(t: Translate, locale: string, { state, hidden, post }: PostPreview): string {
  const hiddenToo = hidden ? t('preview.hiddenToo') : '';
  if (state === 'draft') return `${t('preview.draft')}${hiddenToo}`;
  if (state === 'scheduled' && post.published_at) {
    return `${t('preview.scheduled', { date: formatSiteDateTime(post.published_at, locale) })}${hiddenToo}`;
  }
  return `${t('preview.published')}${hiddenToo}`;
}

function PreviewNotice({ preview }: { preview: PostPreview }) {
  const t = useT();
  const local = useLocalPath();
  const { dateLocale } = useUiWords();
  return (
    <div className="preview-notice" role="status">
      <strong>{t('preview.preview')}</strong> {stateOf(t, dateLocale, preview)}{' '}
      {preview.state === 'published' && !preview.hidden && (
        <Link to={local(`/${preview.post.slug}`)}>{t('preview.readOnSite')}</Link>
      )}
      <span className="preview-notice__expiry">
        {t('preview.expiry', { date: formatSiteDateTime(preview.expires_at, dateLocale) })}
      </span>
    </div>
  );
}

/** A link unknown, malformed or expired: a 404 that says so. */
function ExpiredPreview() {
  useResponseStatus(404);
  const { site_name: siteName } = useSiteIdentity();
  const t = useT();
  return (
    <PublicLayout>
      <main className="container preview-expired">
        <PageHead title={t('preview.unavailableTitle', { site: siteName })} noIndex />
        <h1>{t('preview.unavailable')}</h1>
        <p>{t('preview.unavailableText')}</p>
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
  const t = useT();
  if (isMissing(preview)) return <ExpiredPreview />;
  return (
    <PublicLayout>
      <div className="container">
        {preview.data ? (
          <>
            <PageHead title={t('preview.title', { title: preview.data.post.title, site: siteName })} noIndex />
            <PreviewNotice preview={preview.data} />
            <PostArticle post={preview.data.post} />
          </>
        ) : (
          <QueryStatus query={preview} what={t('status.thisPreview')} />
        )}
      </div>
    </PublicLayout>
  );
}
