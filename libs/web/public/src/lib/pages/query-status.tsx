import { isNotFoundError } from '@blog/web/data';
import { ErrorRetry, Spinner } from '@blog/web/ui';
import { useT } from '../i18n/language-context';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** An unknown slug: the server said 404 (or refused the slug outright, 400). */
export function isMissing(query: Pick<QueryLike, 'isError' | 'error'>): boolean {
  if (!query.isError) return false;
  const code = (query.error as { data?: { code?: unknown } } | null)?.data?.code;
  return isNotFoundError(query.error) || code === 'BAD_REQUEST';
}

/**
 * What a page shows until its data is there: the full-screen spinner while loading, a retry
 * message when the request failed (never an endless spinner). Null once the data has arrived.
 */
export function QueryStatus({ query, what }: { query: QueryLike; what: string }) {
  const t = useT();
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <div className="container">
        <ErrorRetry
          message={t('status.loadFailed', { what })}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }
  return null;
}
