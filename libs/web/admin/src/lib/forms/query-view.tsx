import type { ReactNode } from 'react';
import { ErrorRetry, Spinner } from '@blog/web/ui';

export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isRefetching?: boolean;
  refetch: () => unknown;
}

/**
 * Every admin screen's loading rule: a full-screen spinner until the data arrives, a retry message
 * when the load fails (never an endless spinner), then the screen.
 */
export function QueryView<T>({ query, children }: { query: QueryLike<T>; children: (data: T) => ReactNode }) {
  if (query.isError) return <ErrorRetry onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  if (query.isPending || query.data === undefined) return <Spinner />;
  return <>{children(query.data)}</>;
}
