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
export function QueryView<T>({
  query,
  children,
  inline = false,
}: {
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
  /** A part of a screen (a panel) loads in its own place, not over the whole window. */
  inline?: boolean;
}) {
  if (query.isError) return <ErrorRetry onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  if (query.isPending || query.data === undefined) return <Spinner variant={inline ? 'inline' : 'full-screen'} />;
  return <>{children(query.data)}</>;
}
