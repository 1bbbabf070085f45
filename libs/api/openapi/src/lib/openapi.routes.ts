import { z } from 'zod';
import { describeRoutes } from './route-docs';

const text = (contentType: string, description: string) => ({ description, contentType, schema: { type: 'string' } });

export const openApiRoutes = describeRoutes(
  'API',
  {
    'GET /api/openapi.json': {
      summary: 'This document (OpenAPI 3.1)',
      answers: { 200: { description: 'The OpenAPI document', schema: z.object({ openapi: z.string() }).loose() } },
    },
    'GET /api/docs': {
      summary: 'The document, browsable (Swagger UI)',
      answers: { 200: text('text/html', 'The page') },
    },
    'GET /api/docs/{file}': {
      summary: "The browsable document's script, style and icon",
      answers: {
        200: {
          description: 'The file',
          contentType: ['text/javascript', 'text/css', 'image/png'],
          schema: { type: 'string' },
        },
      },
    },
  },
  'The description of this API and its browsable page.',
);
