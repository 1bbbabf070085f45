import { z } from 'zod';
import { generalInfoAdminSchema, generalInfoSchema, savedSchema, siteTagsSchema } from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

export const siteInfoApi = describeRoutes('General info', {
  'GET /api/gst-generalInfo': {
    summary: "The site's general info (public)",
    answers: { 200: z.array(generalInfoSchema) },
  },
  'GET /api/generalInfo': {
    summary: 'The general info record, with its `ETag`',
    answers: { 200: z.array(generalInfoSchema) },
  },
  'GET /api/generalInfo/{id}': {
    summary: 'The general info record as the admin form reads it (with the moderation rules), with its `ETag`',
    answers: { 200: generalInfoAdminSchema },
  },
  'POST /api/generalInfo': {
    summary: 'Create the general info record (409 once it exists)',
    answers: { 200: savedSchema },
    errors: [409, 429],
  },
  'PUT /api/generalInfo/{id}': {
    summary: 'Save the general info',
    answers: { 200: savedSchema },
    errors: [429],
    ifMatch: true,
  },
  'GET /api/site-tags': {
    summary: 'The tag manager and conversion ids the public pages load',
    answers: { 200: siteTagsSchema },
  },
});
