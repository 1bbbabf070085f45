import { PageHead } from '../head/page-head';
import { useResponseStatus } from '../routing/response-status';
import { useSiteIdentity } from '@blog/web/data';
import './not-found-page.css';

/** Any unknown address, post or category: only the word "NotFound", as the spec asks. */
export function NotFoundPage() {
  useResponseStatus(404);
  const { site_name: siteName } = useSiteIdentity();
  return (
    <main className="not-found">
      <PageHead title={`NotFound | ${siteName}`} noIndex />
      <h1>NotFound</h1>
    </main>
  );
}
