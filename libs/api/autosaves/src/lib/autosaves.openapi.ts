import { z } from 'zod';
import { autosaveSchema, okSchema } from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

export const autosavesApi = describeRoutes('Autosaves', {
  'GET /api/autosaves': {
    summary: 'The new posts (`?kind=new-post`) or projects (`?kind=new-project`) never submitted, last saved first',
    answers: { 200: z.array(autosaveSchema) },
  },
  'GET /api/autosaves/{slot}': {
    summary: 'One autosave (404 when the slot is empty)',
    answers: { 200: autosaveSchema },
  },
  'PUT /api/autosaves/{slot}': { summary: 'Write an autosave', answers: { 200: autosaveSchema }, errors: [429] },
  'DELETE /api/autosaves/{slot}': { summary: 'Discard an autosave', answers: { 200: okSchema } },
});
