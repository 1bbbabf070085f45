import { z } from 'zod';
import { aboutSchema, publicAboutSchema, savedSchema } from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

export const aboutApi = describeRoutes('About', {
  'GET /api/gst-about': {
    summary: 'The About page (public) in one language, with its translations',
    description:
      "`?lang=`: the language (`en`, `vi`), else the site's default; 404 naming `lang` for one it does not run.",
    answers: { 200: z.array(publicAboutSchema) },
    errors: [404],
  },
  'GET /api/about': { summary: 'The About record, with its `ETag`', answers: { 200: z.array(aboutSchema) } },
  'POST /api/about': {
    summary: 'Create the About record (409 once it exists)',
    answers: { 200: savedSchema },
    errors: [409, 429],
  },
  'PUT /api/about/{id}': {
    summary: 'Save the About record',
    answers: { 200: savedSchema },
    errors: [429],
    ifMatch: true,
  },
});
