import { trpc } from '@blog/web/data';
import { QueryView } from '../forms/query-view';
import { LABELS } from '../labels';

/** The sitemap text the server returns, as is. */
export function SitemapPage() {
  const sitemap = trpc.sitemap.xml.useQuery(undefined, { staleTime: 0 });
  return (
    <section className="admin-panel">
      <h1>{LABELS.nav.sitemap}</h1>
      <QueryView query={sitemap}>
        {(xml) => (
          <pre className="admin-sitemap" aria-label="Sitemap XML">
            {xml}
          </pre>
        )}
      </QueryView>
    </section>
  );
}
