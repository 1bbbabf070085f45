import { z } from 'zod';
import { notFoundHitSchema, okSchema, redirectSchema } from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

const TOTAL_COUNT = { 'X-Total-Count': { description: 'How many rows match, across every page.' } };

export const redirectsApi = describeRoutes('Redirects', {
  'GET /api/redirects': {
    summary: 'The redirects, newest first (filtered, paged)',
    answers: { 200: { schema: z.array(redirectSchema), headers: TOTAL_COUNT } },
    paged: true,
  },
  'POST /api/redirects': { summary: 'Create a redirect', answers: { 200: redirectSchema }, errors: [409] },
  'PUT /api/redirects/{id}': { summary: 'Save a redirect', answers: { 200: redirectSchema }, errors: [409] },
  'DELETE /api/redirects/{id}': { summary: 'Delete a redirect', answers: { 200: okSchema } },
  'GET /api/not-found': {
    summary: 'The 404 log, the most hit first (paged)',
    answers: { 200: { schema: z.array(notFoundHitSchema), headers: TOTAL_COUNT } },
    paged: true,
  },
  'DELETE /api/not-found/{id}': { summary: 'Forget one 404 entry', answers: { 200: okSchema } },
  'DELETE /api/not-found': {
    summary: 'Clear the 404 log',
    answers: { 200: okSchema.extend({ deleted: z.number().int() }) },
  },
});
