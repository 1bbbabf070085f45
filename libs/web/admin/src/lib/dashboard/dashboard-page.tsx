import { Link } from 'react-router-dom';
import { trpc } from '@blog/web/data';
import { formatDateTime } from '../forms/format';
import { QueryView } from '../forms/query-view';
import { LABELS } from '../labels';
import { newestFirst } from '../messages/messages-page';
import { StatsSection } from './stats-section';

export const LATEST_MESSAGES_COUNT = 5;

interface Loadable<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isRefetching: boolean;
  refetch: () => unknown;
}

/** Several queries as one for `QueryView`: data once all arrived; a retry asks again for the failed ones. */
function allOf<A, B, C>(a: Loadable<A>, b: Loadable<B>, c: Loadable<C>) {
  const queries = [a, b, c];
  return {
    data:
      a.data !== undefined && b.data !== undefined && c.data !== undefined
        ? ([a.data, b.data, c.data] as const)
        : undefined,
    isPending: queries.some((query) => query.isPending),
    isError: queries.some((query) => query.isError),
    isRefetching: queries.some((query) => query.isRefetching),
    refetch: () => Promise.all(queries.filter((query) => query.isError).map((query) => query.refetch())),
  };
}

/**
 * /admin/dashboard: beyond the spec's placeholder, the site's statistics, then the counts of posts (hidden,
 * drafts, scheduled, trashed), categories and unread messages, and the latest messages.
 */
export function DashboardPage() {
  const postCounts = trpc.posts.adminCounts.useQuery(undefined, { staleTime: 0 });
  const categories = trpc.categories.list.useQuery(undefined, { staleTime: 0 });
  const messages = trpc.contact.list.useQuery(undefined, { staleTime: 0 });

  return (
    <section className="admin-panel">
      <h1>{LABELS.nav.dashboard}</h1>
      <StatsSection />
      <h2>Content and messages</h2>
      <QueryView query={allOf(postCounts, categories, messages)}>
        {([counts, categoryRows, messageRows]) => {
          const latest = newestFirst(messageRows).slice(0, LATEST_MESSAGES_COUNT);
          const stats = [
            { label: 'Posts', value: counts.total, to: '/admin/view-post' },
            { label: 'Hidden posts', value: counts.hidden, to: '/admin/view-post' },
            { label: 'Drafts', value: counts.drafts, to: '/admin/view-post' },
            { label: 'Scheduled posts', value: counts.scheduled, to: '/admin/view-post' },
            { label: 'Posts in the trash', value: counts.trashed, to: '/admin/trash' },
            { label: 'Categories', value: categoryRows.length, to: '/admin/view-category' },
            {
              label: 'Unread messages',
              value: messageRows.filter((message) => !message.read).length,
              to: '/admin/messages',
            },
          ];
          return (
            <>
              <div className="admin-stats">
                {stats.map((stat) => (
                  <Link key={stat.label} to={stat.to} className="admin-stat">
                    <strong>{stat.value}</strong> {stat.label}
                  </Link>
                ))}
              </div>
              <h2>Latest messages</h2>
              {latest.length === 0 ? (
                <p>No messages yet.</p>
              ) : (
                <ul className="admin-latest">
                  {latest.map((message) => (
                    <li key={message.id} className={message.read ? undefined : 'admin-row--unread'}>
                      <strong>{message.name}</strong> &lt;{message.email}&gt;, {formatDateTime(message.created_at)}
                      {!message.read && (
                        <>
                          {' '}
                          <span className="admin-tag admin-tag--unread">Unread</span>
                        </>
                      )}
                      <p className="admin-message-text">{message.message}</p>
                    </li>
                  ))}
                </ul>
              )}
              <p>
                <Link to="/admin/messages">All messages</Link>
              </p>
            </>
          );
        }}
      </QueryView>
    </section>
  );
}
