import { z } from 'zod';
import {
  adminPostCountsSchema,
  adminPostRowSchema,
  adminPostSchema,
  categoryPostsPageSchema,
  homeDataSchema,
  okSchema,
  postCardSchema,
  postDetailSchema,
  postLinkSchema,
  postPreviewSchema,
  postsPageSchema,
  previewLinkSchema,
  restoredPostSchema,
  savedSchema,
  trashedPostSchema,
  trashEmptiedSchema,
} from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

const TOTAL_COUNT = { 'X-Total-Count': { description: 'How many rows match, across every page.' } };

/** The OpenAPI description of the posts' controllers (public, admin, trash). */
export const postsApi = describeRoutes('Posts', {
  'GET /api/homeData': { summary: 'The home page: latest posts and the categories', answers: { 200: homeDataSchema } },
  'GET /api/homeData/{slug}': {
    summary: 'A visible post by its slug',
    description:
      'An unknown, hidden or trashed post answers 404, and so does a slug the post was renamed from: the public page ' +
      'at that slug answers 301 to the current one, which tRPC `posts.redirect` tells.',
    answers: { 200: postDetailSchema },
  },
  'GET /api/randomPosts': { summary: 'The most recent posts (links)', answers: { 200: z.array(postLinkSchema) } },
  'GET /api/relatedPosts/{slug}': {
    summary: 'Posts related to a visible post',
    answers: { 200: z.array(postCardSchema) },
  },
  'GET /api/gst-postsPagination/{page}': {
    summary: 'A page of visible posts',
    answers: { 200: postsPageSchema },
    paged: true,
  },
  'GET /api/gst-postsByCategory/{slug}/{page}': {
    summary: "A page of a category's visible posts",
    answers: { 200: categoryPostsPageSchema },
    paged: true,
  },
  'GET /api/searchPosts/{term}': {
    summary: 'Search the visible posts',
    answers: { 200: z.array(postCardSchema) },
    errors: [429],
  },
  'GET /api/previews/{token}': {
    summary: 'A post through its private preview link',
    answers: { 200: postPreviewSchema },
  },
  'GET /api/posts': {
    summary: 'Every post, hidden ones too (admin list, filtered and paged)',
    answers: { 200: { schema: z.array(adminPostRowSchema), headers: TOTAL_COUNT } },
    paged: true,
  },
  'GET /api/posts/counts': {
    summary: 'How many posts: total, hidden, drafts, scheduled',
    answers: { 200: adminPostCountsSchema },
  },
  'GET /api/posts/{id}': {
    summary: 'One post as the edit form reads it, with its `ETag`',
    answers: { 200: adminPostSchema },
  },
  'POST /api/posts': { summary: 'Create a post', answers: { 200: savedSchema }, errors: [409, 429] },
  'PUT /api/posts/{id}': { summary: 'Save a post', answers: { 200: savedSchema }, errors: [409, 429], ifMatch: true },
  'DELETE /api/posts/{id}': { summary: 'Move a post to the trash', answers: { 200: okSchema }, errors: [429] },
  'POST /api/posts/{id}/previews': {
    summary: 'A new private preview link (shown once)',
    answers: { 200: previewLinkSchema },
  },
  'DELETE /api/posts/{id}/previews': { summary: 'End every preview link of a post', answers: { 200: okSchema } },
  'GET /api/trash/posts': { summary: 'The trashed posts', answers: { 200: z.array(trashedPostSchema) } },
  'POST /api/trash/posts/{id}/restore': {
    summary: 'Restore a trashed post (the slug it got back is answered)',
    answers: { 200: restoredPostSchema },
    errors: [409],
  },
  'DELETE /api/trash/posts/{id}': { summary: 'Delete a trashed post for good', answers: { 200: okSchema } },
  'DELETE /api/trash/posts': { summary: 'Empty the trash', answers: { 200: trashEmptiedSchema } },
});
