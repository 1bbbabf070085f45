import { expect, request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { AdminPost } from '@blog/contracts';
import { E2E_ADMIN, E2E_BASE_URL } from './server';
import { queryDatabase } from './site';

/** A 1×1 PNG to upload (uploads are recognised by their bytes). */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Signs in through the sign-in page; done once the app has left /login (an admin lands on the dashboard, anyone else on /). */
export async function signIn(page: Page, credentials: { email: string; password: string } = E2E_ADMIN): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/Email address/).fill(credentials.email);
  await page.getByLabel(/^Password/).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * Signs the administrator in and starts a post on /admin/add-post: category Story, `title` as its
 * title and meta title. Answers the editor's text area ('Content').
 */
export async function startNewPost(page: Page, title: string): Promise<Locator> {
  await signIn(page);
  await page.goto('/admin/add-post');
  await page.getByLabel(/Category ID/).selectOption({ label: 'Story' });
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Meta Title/).fill(title);
  return page.getByRole('textbox', { name: 'Content', exact: true });
}

/** An API session of the administrator (the same origin as the site, so the cross-site check passes). */
export async function adminApi(request: APIRequestContext): Promise<APIRequestContext> {
  await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  return request;
}

/**
 * Deletes for good the posts stored with `slug` (the ones a test made), live or in the trash, through the
 * API as the administrator: to the trash, then out of it.
 */
export async function removePostsWithSlug(slug: string): Promise<void> {
  const posts = await queryDatabase<{ id: number; trashed: boolean }>(
    'SELECT id, deleted_at IS NOT NULL AS trashed FROM posts WHERE slug = $1',
    [slug],
  );
  if (posts.length === 0) return;
  const admin = await adminApi(await request.newContext({ baseURL: E2E_BASE_URL }));
  try {
    for (const post of posts) {
      if (!post.trashed) expect((await admin.delete(`/api/posts/${post.id}`)).ok()).toBe(true);
      expect((await admin.delete(`/api/trash/posts/${post.id}`)).ok()).toBe(true);
    }
  } finally {
    await admin.dispose();
  }
}

/** Saves a visible post in the first category through the API (a test's own content), answering its id. */
export async function createPost(
  admin: APIRequestContext,
  post: { title: string; slug: string; content: string; short_content?: string },
): Promise<number> {
  const categories = (await (await admin.get('/api/categories')).json()) as Array<{ id: number }>;
  const saved = await admin.post('/api/posts', {
    data: { category_id: categories[0].id, short_content: `<p>${post.title}</p>`, meta_title: post.title, ...post },
  });
  expect(saved.ok()).toBe(true);
  return ((await saved.json()) as { id: number }).id;
}

/** The body of `PUT /api/posts/{id}` that saves `post` (as `GET /api/posts/{id}` answered it) again, with `changes`. */
export function postBody(post: AdminPost, changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    category_id: post.category_id,
    title: post.title,
    slug: post.slug,
    content: post.content,
    short_content: post.short_content,
    thumbnail: post.thumbnail,
    thumbnail_alt: post.thumbnail_alt,
    meta_title: post.meta_title,
    meta_description: post.meta_description,
    meta_keywords: post.meta_keywords,
    status: post.status,
    ...changes,
  };
}
