import type { QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { createTRPCQueryUtils } from '@trpc/react-query';
import type { AppRouter } from '@blog/api/trpc';
import type { Language } from '@blog/contracts';

/** `utils.posts.bySlug.prefetch({slug})`: fills the React Query cache under the keys the hooks read. */
export type QueryUtils = ReturnType<typeof createTRPCQueryUtils<AppRouter>>;

export function createQueryUtils(client: TRPCClient<AppRouter>, queryClient: QueryClient): QueryUtils {
  return createTRPCQueryUtils<AppRouter>({ client, queryClient });
}

/** Where a page is: its route parameters, its query string and the `lang` of its public reads. */
export interface PageMatch {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  /** The language of a `/{code}/…` page; none on the site's default language's pages. */
  lang?: Language;
}

/**
 * What a page reads, so that the server fetches it all at once before rendering. Declared beside
 * the page, with the same inputs its hooks use; anything it forgets is still fetched (in one more
 * rendering pass).
 */
export type PagePrefetch = (utils: QueryUtils, match: PageMatch) => Array<Promise<unknown>>;
