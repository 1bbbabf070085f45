import { z } from 'zod';
import { categoryLinkSchema, categorySchema, okSchema } from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

/** The OpenAPI description of `CategoriesController` (the rest is read from the controller). */
export const categoriesApi = describeRoutes('Categories', {
  'GET /api/gst-categories': {
    summary: 'The public category links (header and sidebar), in one language',
    description:
      "`?lang=`: the language (`en`, `vi`), else the site's default; 404 naming `lang` for one it does not run.",
    answers: { 200: z.array(categoryLinkSchema) },
    errors: [404],
  },
  'GET /api/categories': { summary: 'Every category', answers: { 200: z.array(categorySchema) } },
  'GET /api/categories/{id}': {
    summary: 'One category, with its `ETag` for the `If-Match` of the next save',
    answers: { 200: categorySchema },
  },
  'POST /api/categories': { summary: 'Create a category', answers: { 200: categorySchema }, errors: [409, 429] },
  'PUT /api/categories/{id}': {
    summary: 'Save a category',
    answers: { 200: categorySchema },
    errors: [409, 429],
    ifMatch: true,
  },
  'PUT /api/categories/{id}/translations/{translation_id}': {
    summary: 'Link two categories as versions of each other',
    description: '409 naming `translation_id` when they share a language or a group would hold two of one language.',
    answers: { 200: categorySchema },
    errors: [409, 429],
  },
  'DELETE /api/categories/{id}/translations': {
    summary: 'Take a category out of its translation group (a group of one left is dissolved)',
    answers: { 200: categorySchema },
    errors: [429],
  },
  'DELETE /api/categories/{id}': {
    summary: 'Delete a category (refused while posts use it)',
    answers: { 200: okSchema },
    errors: [409, 429],
  },
});
