import { z } from 'zod';
import { aboutRevisionSchema, postRevisionSchema, revisionSummarySchema } from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

export const revisionsApi = describeRoutes('History', {
  'GET /api/posts/{id}/revisions': {
    summary: "A post's earlier versions, the last replaced first",
    answers: { 200: z.array(revisionSummarySchema) },
  },
  'GET /api/posts/{id}/revisions/{revisionId}': {
    summary: 'One earlier version of a post',
    answers: { 200: postRevisionSchema },
  },
  'GET /api/about/{id}/revisions': {
    summary: "The About record's earlier versions",
    answers: { 200: z.array(revisionSummarySchema) },
  },
  'GET /api/about/{id}/revisions/{revisionId}': {
    summary: 'One earlier version of the About record',
    answers: { 200: aboutRevisionSchema },
  },
});
