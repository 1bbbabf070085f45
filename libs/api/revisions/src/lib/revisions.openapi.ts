import { z } from 'zod';
import { aboutRevisionSchema, postRevisionSchema, projectRevisionSchema, revisionSummarySchema } from '@blog/contracts';
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
  'GET /api/admin/projects/{id}/revisions': {
    summary: "A project's earlier versions, the last replaced first (a trashed project's too)",
    answers: { 200: z.array(revisionSummarySchema) },
  },
  'GET /api/admin/projects/{id}/revisions/{revisionId}': {
    summary: 'One earlier version of a project',
    description:
      'Its `fields` are the body of `PUT /api/admin/projects/{id}`: restoring it is saving them, a save like any ' +
      'other (kept as a revision in turn).',
    answers: { 200: projectRevisionSchema },
  },
});
