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
import { describeRoutes, LANG_QUERY_DESCRIPTION as LANG } from '@blog/api/openapi';

const TOTAL_COUNT = { 'X-Total-Count': { description: 'How many rows match, across every page.' } };

/** The OpenAPI description of the posts' controllers (public, admin, trash). */
export const postsApi = describeRoutes('Posts', {
  'GET /api/homeData': {
    summary: 'The home page: latest posts and the categories',
    description: LANG,
    answers: { 200: homeDataSchema },
    errors: [404],
  },
  'GET /api/homeData/{slug}': {
    summary: 'A visible post by its slug',
    description:
      'An unknown, hidden or trashed post answers 404, and so does a slug the post was renamed from: the public page ' +
      'at that slug answers 301 to the current one, which tRPC `posts.redirect` tells. ' +
      LANG +
      ' `translations`: its versions in the other languages that readers may read now.',
    answers: { 200: postDetailSchema },
  },
  'GET /api/randomPosts': {
    summary: 'The most recent posts (links)',
    description: LANG,
    answers: { 200: z.array(postLinkSchema) },
    errors: [404],
  },
  'GET /api/relatedPosts/{slug}': {
    summary: 'Posts related to a visible post, in its language',
    description: LANG,
    answers: { 200: z.array(postCardSchema) },
  },
  'GET /api/gst-postsPagination/{page}': {
    summary: 'A page of visible posts',
    description: LANG,
    answers: { 200: postsPageSchema },
    errors: [404],
    paged: true,
  },
  'GET /api/gst-postsByCategory/{slug}/{page}': {
    summary: "A page of a category's visible posts",
    description: `${LANG} \`category\`: the category, with its versions in the other languages.`,
    answers: { 200: categoryPostsPageSchema },
    paged: true,
  },
  'GET /api/searchPosts/{term}': {
    summary: 'Search the visible posts',
    description: `${LANG} English words are matched by their stems, Vietnamese ones with or without accents.`,
    answers: { 200: z.array(postCardSchema) },
    errors: [404, 429],
  },
  'GET /api/previews/{token}': {
    summary: 'A post through its private preview link',
    answers: { 200: postPreviewSchema },
  },
  'GET /api/posts': {
    summary: 'Every post, hidden ones too (admin list, filtered and paged)',
    description:
      '`language`: the posts in that language; `missing_translation=true`: those with no version in some other ' +
      'language the site runs. Each row names its translations and their states.',
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
  'POST /api/posts/{id}/translations': {
    summary: "Create the post's version in another language: a linked draft pre-filled from it",
    description:
      'In the translation of its category in that language (made when there is none), under its slug unless that ' +
      'language has it. 400 naming `language` for its own language or one the site does not run; 409 when its ' +
      'group has that language already.',
    answers: { 201: adminPostSchema },
    errors: [409, 429],
  },
  'PUT /api/posts/{id}/translations/{translation_id}': {
    summary: 'Link two posts as versions of each other',
    description: '409 naming `translation_id` when they share a language or a group would hold two of one language.',
    answers: { 200: adminPostSchema },
    errors: [409, 429],
  },
  'DELETE /api/posts/{id}/translations': {
    summary: 'Take a post out of its translation group (a group of one left is dissolved)',
    answers: { 200: adminPostSchema },
    errors: [429],
  },
  'GET /api/trash/posts': { summary: 'The trashed posts', answers: { 200: z.array(trashedPostSchema) } },
  'POST /api/trash/posts/{id}/restore': {
    summary: 'Restore a trashed post (the slug it got back is answered)',
    answers: { 200: restoredPostSchema },
    errors: [409],
  },
  'DELETE /api/trash/posts/{id}': { summary: 'Delete a trashed post for good', answers: { 200: okSchema } },
  'DELETE /api/trash/posts': { summary: 'Empty the trash', answers: { 200: trashEmptiedSchema } },
});
