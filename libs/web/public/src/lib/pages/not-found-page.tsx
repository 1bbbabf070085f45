import { PageHead } from '../head/page-head';
import { useResponseStatus } from '../routing/response-status';
import { useSiteIdentity } from '@blog/web/data';
import { useT } from '../i18n/language-context';
import './not-found-page.css';

/** Any unknown address, post or category: only the word "NotFound", as the spec asks. */
export function NotFoundPage() {
  useResponseStatus(404);
  const { site_name: siteName } = useSiteIdentity();
  const t = useT();
  return (
    <main className="not-found">
      <PageHead title={`${t('notFound.title')} | ${siteName}`} noIndex />
      <h1>{t('notFound.title')}</h1>
    </main>
  );
}
