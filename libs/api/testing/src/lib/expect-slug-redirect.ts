import type { TestAgent as Agent } from './sign-in';

/**
 * Where an old `slug` leads, asked of a domain's resolver (`resolvePostSlug`) and of its public tRPC
 * query (`posts.redirect`, as the web asks it), which must agree: the slug (posts and categories answer
 * its language and address beside it), or 404 and null.
 */
export async function expectSlugRedirect(
  agent: Agent,
  procedure: string,
  resolve: (slug: string) => Promise<string | null>,
  slug: string,
): Promise<string | null> {
  const resolved = await resolve(slug);
  const res = await agent.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ slug }))}`);
  if (resolved === null) {
    expect(res.status).toBe(404);
    expect(res.body.error.data.code).toBe('NOT_FOUND');
  } else {
    expect(res.status).toBe(200);
    expect(res.body.result.data).toMatchObject({ slug: resolved });
  }
  return resolved;
}
