import { hydrate, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { httpBatchLink, type TRPCLink } from '@trpc/client';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from '@blog/api/trpc';
import { retryUnlessRefused } from './query-errors';
import { freshQueries } from './page-state';
import { trpc, TRPC_URL } from './trpc';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Public content changes rarely: a minute of freshness saves refetches when navigating back.
      // A failed read is retried once, but never a refusal (404, 400): asking again changes nothing.
      // A failure stays on screen, with its "try again", rather than being asked again on every
      // mount: so a server-rendered NotFound hydrates as NotFound, not as a spinner.
      queries: { staleTime: 60_000, retry: retryUnlessRefused, retryOnMount: false, refetchOnWindowFocus: false },
    },
  });
}

/** The server renders one page per client: nothing is retried or refetched there. */
export function createServerQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false, retryOnMount: false, gcTime: Infinity } },
  });
}

export interface DataProviderProps {
  children: ReactNode;
  /** Replaces the HTTP link (component tests answer from memory). */
  links?: TRPCLink<AppRouter>[];
  queryClient?: QueryClient;
  /** The answers a server-rendered page was rendered from (see `PageState`). */
  dehydratedState?: DehydratedState;
}

/** The tRPC client and its React Query cache, for everything below it. */
export function DataProvider({ children, links, queryClient, dehydratedState }: DataProviderProps) {
  const [client] = useState(() => {
    const created = queryClient ?? createQueryClient();
    if (dehydratedState) hydrate(created, freshQueries(dehydratedState));
    return created;
  });
  const [trpcClient] = useState(() =>
    trpc.createClient({
      links: links ?? [
        httpBatchLink({
          url: TRPC_URL,
          // The session cookie goes with every call, as the spec's client does.
          fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }),
        }),
      ],
    }),
  );
  return (
    <trpc.Provider client={trpcClient} queryClient={client}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
