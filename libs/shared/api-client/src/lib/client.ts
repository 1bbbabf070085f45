import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema';

/** A typed client of the blog's REST API: paths, parameters, bodies and answers from its OpenAPI document. */
export type BlogApiClient = Client<paths>;

export interface BlogApiClientOptions extends ClientOptions {
  /** The site's origin (`https://blog.example`). */
  baseUrl: string;
  /** An API token (Profile → API tokens), sent as `Authorization: Bearer …`. */
  token?: string;
}

export function createBlogApiClient({ token, headers, ...options }: BlogApiClientOptions): BlogApiClient {
  return createClient<paths>({
    ...options,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(headers as Record<string, string>) },
  });
}
