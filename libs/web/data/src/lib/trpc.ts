import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@blog/api/trpc';

/** Typed React Query hooks for every procedure of the API (`trpc.posts.home.useQuery()`). */
export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Where the API serves tRPC; same origin as the site. */
export const TRPC_URL = '/trpc';
