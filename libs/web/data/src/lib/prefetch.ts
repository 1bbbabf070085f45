import type { QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { createTRPCQueryUtils } from '@trpc/react-query';
import type { AppRouter } from '@blog/api/trpc';

/** `utils.posts.bySlug.prefetch({slug})`: fills the React Query cache under the keys the hooks read. */
export type QueryUtils = ReturnType<typeof createTRPCQueryUtils<AppRouter>>;

export function createQueryUtils(client: TRPCClient<AppRouter>, queryClient: QueryClient): QueryUtils {
  return createTRPCQueryUtils<AppRouter>({ client, queryClient });
}

/** Where a page is: its route parameters and its query string. */
export interface PageMatch {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/**
 * What a page reads, so that the server fetches it all at once before rendering. Declared beside
 * the page, with the same inputs its hooks use; anything it forgets is still fetched (in one more
 * rendering pass).
 */
export type PagePrefetch = (utils: QueryUtils, match: PageMatch) => Array<Promise<unknown>>;
