import { z } from 'zod';
import {
  backupSchema,
  IMPORT_FILE_FIELD,
  IMPORT_IMAGES_FIELD,
  importSchema,
  importStartedSchema,
  importStartSchema,
} from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

const ZIP = {
  description: 'The archive',
  contentType: 'application/zip',
  schema: { type: 'string', contentMediaType: 'application/zip' },
};
const binary = () => z.string().meta({ contentMediaType: 'application/octet-stream' });

export const importsApi = describeRoutes('Imports and backups', {
  'POST /api/imports': {
    summary: 'Start an import (WordPress WXR, Ghost JSON or a site archive) as a background job',
    body: {
      contentType: 'multipart/form-data',
      // The fields the controller validates with `importStartSchema`, beside its two files.
      schema: importStartSchema.extend({ [IMPORT_FILE_FIELD]: binary(), [IMPORT_IMAGES_FIELD]: binary().optional() }),
    },
    answers: { 202: importStartedSchema },
    errors: [409, 415],
  },
  'GET /api/imports': { summary: 'The most recent imports, newest first', answers: { 200: z.array(importSchema) } },
  'GET /api/imports/{id}': { summary: "An import's progress and report", answers: { 200: importSchema } },
  'POST /api/imports/{id}/run': {
    summary: 'Run a finished dry run for real',
    answers: { 202: importStartedSchema },
    errors: [409],
  },
  'DELETE /api/imports/{id}': { summary: 'Cancel an import', answers: { 200: importSchema }, errors: [409] },
  'GET /api/backups': { summary: 'The scheduled backups', answers: { 200: z.array(backupSchema) } },
  'POST /api/backups': {
    summary: 'Make a backup now',
    answers: { 202: z.object({ name: z.string() }) },
    errors: [409],
  },
  'GET /api/backups/{name}': { summary: 'Download a backup', answers: { 200: ZIP } },
  'POST /api/backups/{name}/restore': {
    summary: 'Back up the current state, then restore this backup (as an import)',
    answers: { 202: importStartedSchema },
    errors: [409],
  },
});
