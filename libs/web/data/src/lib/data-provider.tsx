import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink, type TRPCLink } from '@trpc/client';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from '@blog/api/trpc';
import { retryUnlessRefused } from './query-errors';
import { trpc, TRPC_URL } from './trpc';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Public content changes rarely: a minute of freshness saves refetches when navigating back.
      // A failed read is retried once, but never a refusal (404, 400): asking again changes nothing.
      queries: { staleTime: 60_000, retry: retryUnlessRefused, refetchOnWindowFocus: false },
    },
  });
}

export interface DataProviderProps {
  children: ReactNode;
  /** Replaces the HTTP link (component tests answer from memory). */
  links?: TRPCLink<AppRouter>[];
  queryClient?: QueryClient;
}

/** The tRPC client and its React Query cache, for everything below it. */
export function DataProvider({ children, links, queryClient }: DataProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
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
