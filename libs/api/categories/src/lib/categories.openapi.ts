import { z } from 'zod';
import { categoryLinkSchema, categorySchema, okSchema } from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

/** The OpenAPI description of `CategoriesController` (the rest is read from the controller). */
export const categoriesApi = describeRoutes('Categories', {
  'GET /api/gst-categories': {
    summary: 'The public category links (header and sidebar)',
    answers: { 200: z.array(categoryLinkSchema) },
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
  'DELETE /api/categories/{id}': {
    summary: 'Delete a category (refused while posts use it)',
    answers: { 200: okSchema },
    errors: [409, 429],
  },
});
