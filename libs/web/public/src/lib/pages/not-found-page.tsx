import { PageHead } from '../head/page-head';
import { useResponseStatus } from '../routing/response-status';
import { SITE_NAME } from '../site';
import './not-found-page.css';

/** Any unknown address, post or category: only the word "NotFound", as the spec asks. */
export function NotFoundPage() {
  useResponseStatus(404);
  return (
    <main className="not-found">
      <PageHead title={`NotFound | ${SITE_NAME}`} noIndex />
      <h1>NotFound</h1>
    </main>
  );
}
