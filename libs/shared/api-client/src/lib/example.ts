import type { BlogApiClient } from './client';

/**
 * The example of docs/api/openapi-and-client.md, type-checked with the workspace and run against a test server
 * (`apps/api/src/app/api-client.spec.ts`): lists the posts, then creates a post in the first category.
 */
export async function listAndCreatePost(client: BlogApiClient, title: string): Promise<{ id: number; total: number }> {
  const { data: posts, error } = await client.GET('/api/posts', { params: { query: { page: 1 } } });
  if (error) throw new Error(`Listing the posts failed: ${JSON.stringify(error)}`);
  const { data: categories } = await client.GET('/api/categories');
  const category = categories?.[0];
  if (!category) throw new Error('No category to post in');
  const created = await client.POST('/api/posts', {
    body: {
      title,
      slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      category_id: category.id,
      content: '<p>Hello</p>',
    },
  });
  if (created.error) throw new Error(`Creating the post failed: ${JSON.stringify(created.error)}`);
  return { id: created.data.id, total: posts.length };
}
