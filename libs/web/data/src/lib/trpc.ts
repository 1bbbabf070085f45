import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '@blog/api/trpc';

/** Typed React Query hooks for every procedure of the API (`trpc.posts.home.useQuery()`). */
export const trpc = createTRPCReact<AppRouter>();

/** Where the API serves tRPC; same origin as the site. */
export const TRPC_URL = '/trpc';
