import { z } from 'zod';
import { importStartedSchema, siteExportSchema } from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

const ZIP = {
  description: 'The site archive (zip)',
  contentType: 'application/zip',
  schema: { type: 'string', contentMediaType: 'application/zip' },
  headers: { 'Content-Disposition': { description: 'attachment; filename="site-<day>.zip"' } },
};

export const exportsApi = describeRoutes('Exports', {
  'GET /api/export': { summary: 'The whole site as a zip, streamed', answers: { 200: ZIP } },
  'POST /api/exports': {
    summary: 'Start an export in the background',
    answers: { 202: importStartedSchema },
    errors: [409, 429],
  },
  'GET /api/exports': { summary: 'The recent exports', answers: { 200: z.array(siteExportSchema) } },
  'GET /api/exports/{id}': { summary: "An export's progress", answers: { 200: siteExportSchema } },
  'GET /api/exports/{id}/download': { summary: 'Download a finished export', answers: { 200: ZIP }, errors: [409] },
});
